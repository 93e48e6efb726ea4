/** @jest-environment jsdom */
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';

const renderWidget = (lang: 'en' | 'ar') =>
  render(<SectionRoot section={section} view="NewsletterSignup" data={{}} lang={lang} bus={createBus()} host={{}} />);

describe('NewsletterSignup', () => {
  afterEach(() => jest.restoreAllMocks());

  it('renders its translated labels on the server', () => {
    const html = renderToString(<SectionRoot section={section} view="NewsletterSignup" data={{}} lang="ar" bus={createBus()} host={{}} />);
    expect(html).toContain('اشترك في نشرتنا الإخبارية');
    expect(html).toContain('البريد الإلكتروني');
  });

  it('says so when the email is missing, without calling the API', () => {
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy as unknown as typeof fetch;
    renderWidget('en');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('please enter the email address');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects a malformed email with the SPEC message', () => {
    renderWidget('en');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('the email is invalid');
  });

  it('shows the API outcome message', async () => {
    global.fetch = jest.fn().mockResolvedValue({ json: async () => ({ outcome: 'already-subscribed', message: 'أنت مشترك بالفعل في نشرتنا الإخبارية الشهرية.' }) }) as unknown as typeof fetch;
    renderWidget('ar');
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني'), { target: { value: 'reader@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'اشترك' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('أنت مشترك بالفعل في نشرتنا الإخبارية الشهرية.'));
    expect(global.fetch).toHaveBeenCalledWith('/api/forms/newsletter?lang=ar', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'reader@example.org', website: '' }) }));
  });

  it('falls back to the generic error when the network fails', async () => {
    global.fetch = jest.fn().mockRejectedValue(new Error('offline')) as unknown as typeof fetch;
    renderWidget('en');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'reader@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occured. please try again'));
  });
});
