import { SettingToggles, type SettingTogglesProps } from './SettingToggles';

export type ChipToggleProps = Omit<SettingTogglesProps, 'toggles'>;

const TOGGLES = [{ field: 'chipEnabled', label: 'chipLabel', hint: 'chipHint' }] as const;

/** Turns the status chip on profile pages on or off (on by default). */
export function ChipToggle(props: ChipToggleProps) {
  return <SettingToggles toggles={TOGGLES} {...props} />;
}
