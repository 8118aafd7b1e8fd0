import type { ActivityItemView } from '../../lib/views';
import { t, type MessageKey } from '../i18n';
import { leadStatusLabel } from './QualifyControl';

/**
 * An activity in the user's language: a status change names the status, a known log type is worded
 * by type; a type the catalogue does not know (the set is open) keeps the service's own text.
 */
export function activityText(item: ActivityItemView): string {
  if (item.status) return t('activityStatusSet', leadStatusLabel(item.status));
  const key = `activityType_${item.type}`;
  const worded = /^[A-Z_]+$/.test(item.type) ? t(key as MessageKey) : key;
  return worded !== key ? worded : item.description;
}
