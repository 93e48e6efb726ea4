import { inlineLinksHtml } from '@qf/shared/routing';

describe('inline links of CMS text as safe HTML', () => {
  it('turns inline links into links, localising site paths for Arabic', () => {
    expect(inlineLinksHtml('[Privacy policy](/privacy-policy) · [Terms of use](/terms-of-use)', 'en')).toBe('<a href="/privacy-policy">Privacy policy</a> · <a href="/terms-of-use">Terms of use</a>');
    expect(inlineLinksHtml('[سياسة الخصوصية](/privacy-policy)', 'ar')).toBe('<a href="/ar/privacy-policy">سياسة الخصوصية</a>');
    expect(inlineLinksHtml('[Home](/)', 'ar')).toBe('<a href="/ar">Home</a>');
    expect(inlineLinksHtml('[Sec](/idkt/for-industry#section-2)', 'ar')).toBe('<a href="/ar/idkt/for-industry#section-2">Sec</a>');
  });

  it('keeps external and mail links as they are', () => {
    expect(inlineLinksHtml('[Reports](https://reports.qf.org.qa/a?b=1&c=2) [Mail](mailto:info@qf.org.qa)', 'ar')).toBe(
      '<a href="https://reports.qf.org.qa/a?b=1&amp;c=2">Reports</a> <a href="mailto:info@qf.org.qa">Mail</a>',
    );
  });

  it('escapes everything else', () => {
    expect(inlineLinksHtml('<script>alert(1)</script> **bold** & "quotes"', 'en')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; **bold** &amp; &quot;quotes&quot;');
    expect(inlineLinksHtml('[<img src=x onerror=alert(1)>](/a)', 'en')).toBe('<a href="/a">&lt;img src=x onerror=alert(1)&gt;</a>');
    expect(inlineLinksHtml('[a](/x"onmouseover="alert(1))', 'en')).toBe('<a href="/x&quot;onmouseover=&quot;alert(1">a</a>)');
  });

  it('leaves links to other schemes as text', () => {
    expect(inlineLinksHtml('[click](javascript:alert(1))', 'en')).toBe('[click](javascript:alert(1))');
    expect(inlineLinksHtml('[proto](//evil.example/x)', 'en')).toBe('[proto](//evil.example/x)');
    expect(inlineLinksHtml('[data](data:text/html;base64,xx)', 'en')).toBe('[data](data:text/html;base64,xx)');
  });
});
