import { A11Y_KEY, a11yToggles, TEXT_SIZES } from './a11y-prefs';

/**
 * The visitor's accessibility choices (text size, contrast, underlined links, readable font, paused
 * animations) applied by a few lines inlined in `<head>` (`boot/prepaint.ts`), before the page is painted: applied
 * by the shell's bundle they arrived only after hydration, so a visitor who needs large text or high
 * contrast first saw the page without them. The server renders it with the response's CSP nonce; the
 * bundle applies the same choices again with `applyPrefs` (same attribute and classes), and owns every
 * later change. Only booleans and an index into TEXT_SIZES are read, so nothing stored can inject markup.
 */
export function a11yPrePaintScript(nothingStored = 'false'): string {
  return [
    'try{',
    `var p=${nothingStored}?null:JSON.parse(localStorage.getItem(${JSON.stringify(A11Y_KEY)})||"null"),b=document.body,s=${JSON.stringify(TEXT_SIZES)};`,
    'if(p&&typeof p==="object"){',
    'if(typeof p.textSize==="number"&&p.textSize>0&&s[p.textSize])b.setAttribute("data-text-size",String(s[p.textSize]));',
    `${JSON.stringify(a11yToggles)}.forEach(function(k){if(p[k]===true)b.classList.add("qf-a11y-"+k)});`,
    '}}catch(e){}',
  ].join('');
}
