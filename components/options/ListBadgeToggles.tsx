import { SettingToggles, type SettingTogglesProps } from './SettingToggles';

export type ListBadgeTogglesProps = Omit<SettingTogglesProps, 'toggles'>;

const TOGGLES = [
  { field: 'listBadges', label: 'listBadgesLabel', hint: 'listBadgesHint' },
  { field: 'prefetchOnHover', label: 'prefetchLabel', hint: 'prefetchHint' },
] as const;

/** Badges on lists and prefetch on hover, each on or off (both on by default). */
export function ListBadgeToggles(props: ListBadgeTogglesProps) {
  return <SettingToggles toggles={TOGGLES} {...props} />;
}
