import type { Lang } from '@qf/shared/i18n';

/**
 * How a poll's results read, for the widget (i18next keys) and the page a plain form post answers with.
 * A module of its own, without the poll's schema: the section's translations (in every page's first
 * chunk of mf-forms) need these strings, not the validation.
 */
export const pollResultStrings: Record<Lang, { votes: string; total: string; percent: string; yourChoice: string }> = {
  en: { votes: 'Votes: {{count}}', total: 'Total votes: {{count}}', percent: '{{percent}}%', yourChoice: 'Your vote' },
  ar: { votes: 'الأصوات: {{count}}', total: 'مجموع الأصوات: {{count}}', percent: '{{percent}}٪', yourChoice: 'صوتك' },
};
