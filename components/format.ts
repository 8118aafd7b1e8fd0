/** Dates, channels and statuses as the user reads them, in the UI language. */
import { t, tn, uiLocale, type MessageKey } from './i18n';
import { waitedFor } from '../lib/views/thread';

// One way to write a time per locale, everywhere: the locale's own short time ("9:00 AM" in en-US,
// "09:00" in en-GB and fr), alone or after a date.

/**
 * A formatter per locale and style, built once: building one costs far more than formatting with it
 * (a page of list badges or inbox rows formats a date per row).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** "12 Mar 2025, 10:15" (or the locale's equivalent), local time. */
export function formatDateTime(ms: number, locale = uiLocale()): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** The hour and minute fields that write a time as the locale's short time style does (read once per locale). */
const timeFields = new Map<string, Intl.DateTimeFormatOptions>();
function shortTimeFields(locale: string): Intl.DateTimeFormatOptions {
  const known = timeFields.get(locale);
  if (known) return known;
  const style = dateTimeFormat(locale, { timeStyle: 'short' });
  const hour = style.formatToParts(new Date(2000, 0, 1, 8, 5)).find((p) => p.type === 'hour')?.value ?? '';
  const { hourCycle } = style.resolvedOptions();
  const fields: Intl.DateTimeFormatOptions = { hour: hour.length === 2 ? '2-digit' : 'numeric', minute: '2-digit', ...(hourCycle ? { hourCycle } : {}) };
  timeFields.set(locale, fields);
  return fields;
}

/** "12 Mar 2025" (or the locale's equivalent): a day, without its time. */
export function formatDate(ms: number, locale = uiLocale()): string {
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(ms));
}

/** "12 Mar": a day this year, at a glance (a list badge). */
export function formatDayMonth(ms: number, locale = uiLocale()): string {
  return dateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(new Date(ms));
}

/** "Wed 12 Mar, 18:00": short, for snooze presets and queued changes. */
export function formatShortDateTime(ms: number, locale = uiLocale()): string {
  return dateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', ...shortTimeFields(locale) }).format(new Date(ms));
}

/** "18:00" ("6:00 PM" in en-US); in `timeZone` when given (the note's stamps are UTC). */
export function formatTime(ms: number, locale = uiLocale(), timeZone?: string): string {
  return dateTimeFormat(locale, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(ms));
}

const numberFormats = new Map<string, Intl.NumberFormat>();
export function formatNumber(n: number, locale = uiLocale()): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(n);
}

/**
 * How long a call took, as a person reads it: "< 0.1 s" (anything quick), "0.4 s", "2.3 s", "12 s"
 * in the locale's digits. Milliseconds are noise to the reader (and differ on every call); the exact
 * figure is `formatDurationExact` (the cell's tooltip).
 */
export function formatDuration(ms: number, locale = uiLocale()): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 0.1) return t('durationUnder', new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format(0.1));
  const digits = seconds < 9.95 ? 1 : 0;
  return t('durationSeconds', new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(seconds));
}

/** The exact duration: "412 ms". */
export function formatDurationExact(ms: number, locale = uiLocale()): string {
  return t('durationMs', formatNumber(Math.round(ms), locale));
}

const channelKeys: Record<string, MessageKey> = {
  PRONET: 'channelPronet',
  EMAIL: 'channelEmail',
  PLATFORM: 'channelPlatform',
  COMMENT: 'channelComment',
  MANUAL_TASK: 'channelManualTask',
  AUTO_QUALIFY: 'channelAutoQualify',
  INFO_TEMPLATE_SNOOZE: 'channelSnoozeInfo',
};

/** A message channel (PRONET, EMAIL, ...) in words; an unknown value is shown as the service sent it. */
export function channelLabel(channel: string | null): string {
  if (!channel) return t('valueUnknown');
  const key = channelKeys[channel];
  return key ? t(key) : channel;
}

const messageStatusKeys: Record<string, MessageKey> = {
  RECEIVED: 'messageStatusReceived',
  SENDING: 'messageStatusSending',
  SENT: 'messageStatusSent',
  SEND_FAILED: 'messageStatusSendFailed',
  INFO: 'messageStatusInfo',
};

const campaignStatusKeys: Record<string, MessageKey> = { READY: 'campaignReady', RUNNING: 'campaignRunning', PAUSED: 'campaignPaused', COMPLETED: 'campaignCompleted' };

/** A campaign's status in the UI language (an unknown one as the service says it). */
export function campaignStatusLabel(status: string): string {
  const key = campaignStatusKeys[status];
  return key ? t(key) : status;
}

export function messageStatusLabel(status: string | null): string {
  if (!status) return t('valueUnknown');
  const key = messageStatusKeys[status];
  return key ? t(key) : status;
}

/** Initials for an avatar: "Ada Lovelace" → "AL". */
export function initials(name: string): string {
  const words = name.trim().split(/[\s-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((w) => w[0]!.toUpperCase()).join('') || '?';
}

const roleKeys: Record<string, MessageKey> = { owner: 'memberRoleOwner', admin: 'memberRoleAdmin', member: 'memberRoleMember' };

/** A workspace member's role (the service's label: Owner, Admin, Member) in the UI language; another label as it came. */
export function memberRoleLabel(label: string): string {
  const key = roleKeys[label.trim().toLowerCase()];
  return key ? t(key) : label;
}

const planKeys: Record<string, MessageKey> = { STARTER: 'planStarter', PRO: 'planPro', BUSINESS: 'planBusiness' };

/** The service's plan names (STARTER, PRO, BUSINESS) in a sentence of its, worded as plans are named. */
export function namePlans(text: string): string {
  return text.replace(/\b(STARTER|PRO|BUSINESS)\b/g, (plan) => t(planKeys[plan]!));
}

/** How long a message has waited, in the UI language: "3 days", "5 hr", "12 min" ("3 jours", "5 h"). */
export function formatWaited(since: number, now: number, locale = uiLocale()): string {
  const { value, unit } = waitedFor(since, now);
  // No Intl for the usual figures: a page's first Intl formatter loads the locale's data (about 20 ms,
  // 80 at 4x CPU: the chip's longest task, issue 42), and below 1,000 en and fr write digits alike.
  const n = value < 1000 ? String(value) : formatNumber(value, locale);
  return unit === 'day' ? tn('waitedDays', value, n) : t(unit === 'hour' ? 'waitedHours' : 'waitedMinutes', n);
}
