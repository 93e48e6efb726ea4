import { fieldOf, plainField, type ContentSource, type Entry, type Link } from '@qf/shared/content';
import type { Lang } from '@qf/shared/i18n';
import type { PageForm } from '../src/views/page-data';

/** The mf-forms widget each `form` kind of a page places. */
const widgetOf = {
  'art-entry': 'ArtEntry',
  scholarship: 'Scholarship',
  'alumni-signup': 'AlumniSignup',
  poll: 'Poll',
  newsletter: 'NewsletterSignup',
  push: 'PushNotifications',
} as const;
type Kind = keyof typeof widgetOf;

/**
 * The form a content page places under its content, with the props its widget needs, read from the
 * entry the page links (`formEntry`): a form's open/close window, the schools a scholarship offers, a
 * poll's question and options. A form whose configuring entry is missing is not placed.
 */
export async function pageForm(content: ContentSource, page: Entry, lang: Lang): Promise<PageForm | undefined> {
  const kind = plainField<string>(page, 'form');
  if (!kind || !(kind in widgetOf)) return undefined;
  const id = plainField<Link>(page, 'formEntry')?.sys.id;
  const linked = id ? await content.entry(id) : undefined;
  const widget = widgetOf[kind as Kind];
  switch (kind as Kind) {
    case 'art-entry':
    case 'scholarship': {
      if (linked?.sys.contentType !== 'form_window' || plainField(linked, 'form') !== kind) return undefined;
      const window = {
        windowId: linked.sys.id,
        title: fieldOf<string>(linked, 'title', lang) ?? '',
        opensAt: plainField<string>(linked, 'opensAt') ?? '',
        closesAt: plainField<string>(linked, 'closesAt') ?? '',
      };
      if (kind === 'art-entry') return { widget, props: window };
      const schools = (await content.entries('school')).map((s) => ({ id: s.sys.id, title: fieldOf<string>(s, 'title', lang) ?? '' }));
      const resultsAt = plainField<string>(linked, 'resultsAt');
      return { widget, props: { ...window, ...(resultsAt ? { resultsAt } : {}), schools } };
    }
    case 'poll': {
      if (linked?.sys.contentType !== 'poll') return undefined;
      const ids = plainField<string[]>(linked, 'optionIds') ?? [];
      const labels = fieldOf<string[]>(linked, 'options', lang) ?? [];
      return { widget, props: { pollId: linked.sys.id, question: fieldOf<string>(linked, 'question', lang), options: ids.map((optionId, i) => ({ id: optionId, label: labels[i] ?? '' })) } };
    }
    default:
      return { widget, props: {} };
  }
}
