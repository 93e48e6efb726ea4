/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { PollProps } from './Poll';

// Every form is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const OPTIONS = [
  { id: 'public-lectures', label: 'Public lectures' },
  { id: 'green-spaces', label: 'Green spaces' },
  { id: 'cultural-events', label: 'Cultural events' },
  { id: 'sports-facilities', label: 'Sports facilities' },
];
const data: PollProps = { pollId: 'poll-1', question: 'What would you like more of?', options: OPTIONS };
const results = (votedFor: string | null, votes = [3, 1, 0, 0]) => ({ pollId: 'poll-1', question: 'What would you like more of?', open: true, total: votes.reduce((a, b) => a + b, 0), votedFor, options: OPTIONS.map((o, i) => ({ ...o, votes: votes[i]! })) });
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);
const show = (lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="Poll" data={data} lang={lang} bus={createBus()} host={{}} />);

describe('Poll', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('offers the four options as a radio group and asks to select one before voting', async () => {
    global.fetch = jest.fn(() => answer(results(null))) as unknown as typeof fetch;
    show();
    const group = screen.getByRole('group', { name: 'What would you like more of?' });
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('Select an option', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Public lectures')));
    expect((global.fetch as jest.Mock).mock.calls).toHaveLength(1);
  });

  it('votes with this browser’s id, then shows the Votes and remembers it voted', async () => {
    global.fetch = jest.fn((url: string, init?: RequestInit) =>
      init?.method === 'POST' ? answer({ outcome: 'voted', message: 'Thank you for voting.', results: results('green-spaces', [3, 2, 0, 0]) }, 201) : answer(results(null)),
    ) as unknown as typeof fetch;
    show();
    fireEvent.click(screen.getByLabelText('Green spaces'));
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('Thank you for voting.')).toBeInTheDocument();
    expect(screen.getByText('Votes: 2 · 40%')).toBeInTheDocument();
    expect(screen.getByText('Total votes: 5')).toBeInTheDocument();
    expect(screen.getByText('Green spaces (Your vote)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
    const [url, init] = (global.fetch as jest.Mock).mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/forms/polls/poll-1/votes?lang=en');
    expect(JSON.parse(init.body)).toEqual({ optionId: 'green-spaces', voterId: localStorage.getItem('qf-voter') });
    expect(localStorage.getItem('qf-poll:poll-1')).toBe('voted');
  });

  it('shows the results at once to a browser that has voted, in Arabic', async () => {
    localStorage.setItem('qf-voter', 'voter-0000000000000001');
    global.fetch = jest.fn(() => answer({ ...results('public-lectures'), question: 'ماذا تريد؟', options: results('public-lectures').options.map((o, i) => ({ ...o, label: ['محاضرات عامة', 'مساحات خضراء', 'فعاليات ثقافية', 'مرافق رياضية'][i]! })) })) as unknown as typeof fetch;
    show('ar');
    expect(await screen.findByText('الأصوات: ٣ · ٧٥٪')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ماذا تريد؟' })).toBeInTheDocument();
    expect((global.fetch as jest.Mock).mock.calls[0]![0]).toBe('/api/forms/polls/poll-1?lang=ar&voter=voter-0000000000000001');
  });

  it('tells a browser that already voted, and shows the results', async () => {
    global.fetch = jest.fn((_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? answer({ outcome: 'already-voted', message: 'You have already voted in this poll.', results: results('public-lectures') }, 409) : answer(results(null)),
    ) as unknown as typeof fetch;
    show();
    fireEvent.click(screen.getByLabelText('Cultural events'));
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('You have already voted in this poll.')).toBeInTheDocument();
    expect(screen.getByText('Public lectures (Your vote)')).toBeInTheDocument();
  });
});
