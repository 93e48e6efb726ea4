import type { ComponentType } from 'react';

/**
 * What the survey popup and the brand-survey prompt need before the visitor opens a survey: whether it
 * is open, its title and question, and what the browser remembers. The form itself (with the
 * survey's schema) is loaded only when a survey is about to show, so a page whose survey never opens
 * does not download it.
 */
export interface SurveyDetails {
  surveyId: string;
  title: string;
  question: string;
}

/** The survey's title and question in the page's language, or null when it is closed or unknown. */
export async function loadSurvey(surveyId: string, lang: string): Promise<SurveyDetails | null> {
  try {
    const res = await fetch(`/api/forms/surveys/${encodeURIComponent(surveyId)}?lang=${lang}`);
    if (!res.ok) return null;
    const body = (await res.json()) as { surveyId?: unknown; title?: unknown; question?: unknown; open?: unknown };
    if (body.open !== true || typeof body.title !== 'string' || typeof body.question !== 'string') return null;
    return { surveyId, title: body.title, question: body.question };
  } catch {
    return null;
  }
}

/** What this browser did with a survey: it is not offered again once answered or dismissed. */
export const surveyMemoryKey = (surveyId: string) => `qf-survey:${surveyId}`;

export type SurveyFormComponent = ComponentType<{ survey: SurveyDetails; headingId: string; onAnswered: () => void; onClose: () => void }>;

/** The survey (null when closed or unknown) and its form's code, fetched together. */
export async function loadSurveyAndForm(surveyId: string, lang: string): Promise<{ survey: SurveyDetails; Form: SurveyFormComponent } | null> {
  const [survey, Form] = await Promise.all([loadSurvey(surveyId, lang), import(/* webpackChunkName: "SurveyForm" */ './SurveyForm').then((m) => m.SurveyForm)]);
  return survey ? { survey, Form } : null;
}
