import { fieldOf, imageOf, plainField, requiredField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import { contentPath, localePath } from '@qf/shared/routing';
import type { StoryCard } from '../src/views/list-data';

export const newestFirst = (a: Entry, b: Entry): number => String(plainField(b, 'date')).localeCompare(String(plainField(a, 'date')));

/** The card of a story in the page's language, with its hero image. */
export async function storyCard(content: ContentSource, e: Entry, lang: Lang): Promise<StoryCard> {
  const hero = plainField<Link>(e, 'heroImage')?.sys.id;
  return {
    title: requiredField<string>(e, 'title', lang),
    href: localePath(lang, contentPath('article', plainField<string>(e, 'slug') ?? '')),
    excerpt: fieldOf<string>(e, 'excerpt', lang) ?? '',
    date: plainField<string>(e, 'date') ?? '',
    vertical: plainField(e, 'vertical') as StoryCard['vertical'],
    type: plainField(e, 'storyType') as StoryCard['type'],
    image: imageOf(hero ? await content.entry(hero) : undefined, lang),
  };
}
