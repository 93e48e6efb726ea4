import { utcStamp } from '../src/views/calendar-links';

/** One event of an iCalendar file (RFC 5545). Instants are ISO 8601 with an offset; they are written in UTC. */
export interface IcsEvent {
  /** Globally unique and stable for the event: `{content id}@qf.org.qa`. */
  uid: string;
  title: string;
  startDate: string;
  endDate: string;
  location?: string;
  description?: string;
  /** The event's page (absolute URL). */
  url?: string;
  /** When the event's content last changed. */
  lastModified?: string;
  /** The language of the texts (`en`, `ar`). */
  lang?: string;
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, line breaks written as `\n`. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;

/**
 * RFC 5545 §3.1: a content line longer than 75 octets is folded, each continuation line starting with
 * one space (which counts among its 75 octets). Folding counts UTF-8 octets, not characters, and never
 * cuts a character in two (an Arabic letter is two octets, an emoji four).
 */
export function foldLine(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = octets(ch);
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // after the leading space
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An iCalendar file with one event, CRLF line endings, folded lines and times in UTC. */
export function buildIcs(event: IcsEvent, stamp: Date): string {
  // TEXT properties, each tagged with the language of its text.
  const text = (name: string, value: string | undefined) => (value ? [`${name}${event.lang ? `;LANGUAGE=${event.lang}` : ''}:${escapeText(value)}`] : []);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Qatar Foundation//mf-events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(stamp.toISOString())}`,
    `DTSTART:${utcStamp(event.startDate)}`,
    `DTEND:${utcStamp(event.endDate)}`,
    ...(event.lastModified ? [`LAST-MODIFIED:${utcStamp(event.lastModified)}`] : []),
    ...text('SUMMARY', event.title),
    ...text('DESCRIPTION', event.description),
    ...text('LOCATION', event.location),
    // A URI value, not TEXT: not escaped (RFC 5545 §3.8.4.6).
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
