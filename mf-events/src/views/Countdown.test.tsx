/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createBus } from '@qf/shared/bus';
import { SectionRoot, type SectionDefinition, type ViewComponentProps } from '@qf/shared/react';
import { translations } from '../translations';
import { Countdown, partsUntil } from './Countdown';

const START = '2027-01-20T18:30:00+03:00';
const TITLE = 'The Future of Learning';
const at = (msBefore: number) => new Date(Date.parse(START) - msBefore);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const SECOND = 1_000;

type Props = { start: string; serverNow: string; title: string };
const section: SectionDefinition = { name: 'mf-events', translations, views: { countdown: ({ data }: ViewComponentProps<Props>) => <Countdown {...data} /> } };
const tree = (serverNow: Date, lang: 'en' | 'ar' = 'en') => <SectionRoot section={section} view="countdown" data={{ start: START, serverNow: serverNow.toISOString(), title: TITLE }} lang={lang} bus={createBus()} host={{}} />;

/** The timer's units as "value label" pairs, in order. */
const units = () => Array.from(screen.getByRole('timer').children).map((u) => `${u.children[0]?.textContent} ${u.children[1]?.textContent}`);

describe('partsUntil', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    expect(partsUntil(Date.parse(START), at(59 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND).getTime())).toEqual({ days: 59, hours: 3, minutes: 4, seconds: 5 });
  });

  it('rounds a part of a second up, and is null at and after the start (never negative)', () => {
    expect(partsUntil(Date.parse(START), at(1_500).getTime())).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 2 });
    expect(partsUntil(Date.parse(START), at(1).getTime())).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(partsUntil(Date.parse(START), at(0).getTime())).toBeNull();
    expect(partsUntil(Date.parse(START), at(-5 * SECOND).getTime())).toBeNull();
  });
});

describe('Countdown', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('renders the server time on the server, with the four labelled units', () => {
    const html = renderToString(tree(at(DAY + 2 * HOUR + 3 * MINUTE + 4 * SECOND)));
    document.body.innerHTML = html;
    expect(units()).toEqual(['1 Day', '02 Hours', '03 Minutes', '04 Seconds']);
    expect(screen.getByRole('timer')).toHaveAttribute('aria-live', 'off');
    expect(screen.getByRole('timer')).toHaveAccessibleName('Time left until the next session');
    document.body.innerHTML = '';
  });

  it('ticks every second and rolls seconds, minutes, hours and days over', () => {
    const serverNow = at(DAY + 2 * SECOND);
    jest.useFakeTimers({ now: serverNow });
    render(tree(serverNow));
    expect(units()).toEqual(['1 Day', '00 Hours', '00 Minutes', '02 Seconds']);
    act(() => jest.advanceTimersByTime(SECOND));
    expect(units()).toEqual(['1 Day', '00 Hours', '00 Minutes', '01 Second']);
    act(() => jest.advanceTimersByTime(SECOND));
    expect(units()).toEqual(['1 Day', '00 Hours', '00 Minutes', '00 Seconds']);
    act(() => jest.advanceTimersByTime(SECOND));
    expect(units()).toEqual(['0 Days', '23 Hours', '59 Minutes', '59 Seconds']);
    act(() => jest.advanceTimersByTime(59 * SECOND));
    expect(units()).toEqual(['0 Days', '23 Hours', '59 Minutes', '00 Seconds']);
    act(() => jest.advanceTimersByTime(SECOND));
    expect(units()).toEqual(['0 Days', '23 Hours', '58 Minutes', '59 Seconds']);
  });

  it('keeps whole seconds when the page opens between two seconds', () => {
    const serverNow = at(10 * SECOND + 400);
    jest.useFakeTimers({ now: serverNow });
    render(tree(serverNow));
    expect(units()).toEqual(['0 Days', '00 Hours', '00 Minutes', '11 Seconds']);
    act(() => jest.advanceTimersByTime(400));
    expect(units()).toEqual(['0 Days', '00 Hours', '00 Minutes', '10 Seconds']);
    act(() => jest.advanceTimersByTime(SECOND));
    expect(units()).toEqual(['0 Days', '00 Hours', '00 Minutes', '09 Seconds']);
  });

  it('says the session has started at zero, never counts below it, and stops ticking', () => {
    const serverNow = at(2 * SECOND);
    jest.useFakeTimers({ now: serverNow });
    render(tree(serverNow));
    act(() => jest.advanceTimersByTime(SECOND));
    expect(units()).toEqual(['0 Days', '00 Hours', '00 Minutes', '01 Second']);
    act(() => jest.advanceTimersByTime(SECOND));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('The Future of Learning has started.')).toBeInTheDocument();
    expect(jest.getTimerCount()).toBe(0);
    act(() => jest.advanceTimersByTime(10 * SECOND));
    expect(screen.getByText('The Future of Learning has started.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/-\d/);
  });

  it('can be paused and resumed by the visitor', () => {
    const serverNow = at(MINUTE);
    jest.useFakeTimers({ now: serverNow });
    render(tree(serverNow));
    fireEvent.click(screen.getByRole('button', { name: 'Pause the countdown' }));
    act(() => jest.advanceTimersByTime(5 * SECOND));
    expect(units()).toEqual(['0 Days', '00 Hours', '01 Minute', '00 Seconds']);
    expect(jest.getTimerCount()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Resume the countdown' }));
    expect(units()).toEqual(['0 Days', '00 Hours', '00 Minutes', '55 Seconds']);
  });

  it('makes each Arabic unit agree with its number (six plural forms)', () => {
    const serverNow = at(56 * DAY + 2 * HOUR + 11 * MINUTE + 1 * SECOND);
    jest.useFakeTimers({ now: serverNow });
    render(tree(serverNow, 'ar'));
    expect(units()).toEqual(['٥٦ يومًا', '٠٢ ساعتان', '١١ دقيقة', '٠١ ثانية']);
  });

  it('has Arabic labels and Arabic-Indic digits in Arabic', () => {
    const serverNow = at(3 * DAY + 4 * HOUR + 5 * MINUTE + 6 * SECOND);
    jest.useFakeTimers({ now: serverNow });
    render(tree(serverNow, 'ar'));
    expect(units()).toEqual(['٣ أيام', '٠٤ ساعات', '٠٥ دقائق', '٠٦ ثوانٍ']);
    expect(screen.getByRole('timer')).toHaveAccessibleName('الوقت المتبقي حتى الجلسة القادمة');
    expect(screen.getByRole('button', { name: 'إيقاف العد التنازلي مؤقتًا' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(7 * SECOND));
    expect(units()).toEqual(['٣ أيام', '٠٤ ساعات', '٠٤ دقائق', '٥٩ ثانية']);
  });

  it('hydrates the server numbers without a mismatch, then follows the browser clock', async () => {
    const serverNow = at(HOUR);
    jest.useFakeTimers({ now: serverNow });
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(serverNow));
    document.body.appendChild(container);
    // The browser hydrates the page 10 seconds after the server rendered it.
    jest.setSystemTime(serverNow.getTime() + 10 * SECOND);
    const onRecoverableError = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = await act(async () => hydrateRoot(container, tree(serverNow), { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(units()).toEqual(['0 Days', '00 Hours', '59 Minutes', '50 Seconds']);
    act(() => root.unmount());
    container.remove();
    errors.mockRestore();
  });
});
