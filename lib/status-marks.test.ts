import { describe, expect, it } from 'vitest';
import { markStatus, STATUS_MARK, type StatusMarkDetail } from './status-marks';

describe('markStatus', () => {
  it('keeps one entry per name, the newest, naming its profile', () => {
    performance.clearMarks();
    markStatus(STATUS_MARK.chip, 'https://www.pronet.example/in/ada-lovelace/');
    markStatus(STATUS_MARK.chip, 'https://www.pronet.example/in/grace-hopper/');
    markStatus(STATUS_MARK.panel, 'https://www.pronet.example/in/ada-lovelace/');
    const chip = performance.getEntriesByName(STATUS_MARK.chip, 'mark') as PerformanceMark[];
    expect(chip).toHaveLength(1);
    expect((chip[0]!.detail as StatusMarkDetail).profileUrl).toBe('https://www.pronet.example/in/grace-hopper/');
    expect(performance.getEntriesByName(STATUS_MARK.panel, 'mark')).toHaveLength(1);
  });

  it('never throws, even when the timeline refuses the mark', () => {
    const refusing = {
      clearMarks: () => undefined,
      mark: () => {
        throw new Error('no timeline');
      },
    } as unknown as Performance;
    expect(() => markStatus(STATUS_MARK.urlChange, 'https://www.pronet.example/in/x/', refusing)).not.toThrow();
  });
});
