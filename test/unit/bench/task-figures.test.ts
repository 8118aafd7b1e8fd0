/** The long-task figures of a trace (bench section 9): the extension's time per task, and what it was made of. */
import { describe, expect, it } from 'vitest';
import { taskFigures } from '../../../bench/task-trace';

const ms = (a: number, b: number) => [a * 1000, b * 1000] as const;

describe('taskFigures', () => {
  it("counts the extension's nested spans once per task, and splits its longest task into script, forced layout and collector", () => {
    const f = taskFigures({
      // Three tasks: the extension runs in the first two.
      tasks: [ms(0, 40), ms(50, 60), ms(70, 100)],
      // Nested spans (a call inside an evaluation) count once; one ends past its task and is cut there.
      scripts: [ms(5, 35), ms(10, 20), ms(52, 58), ms(39, 45)],
      layouts: [ms(12, 18), ms(80, 90)],
      gcs: [ms(30, 34), ms(52, 53)],
    });
    expect(f.extensionTasks).toBe(2);
    // Task 1: 5-35 and 39-40 = 31 ms: layout 6, collector 4, scripts 21.
    expect(f.extensionLongestMs).toBe(31);
    expect(f.longestParts).toEqual({ scriptMs: 21, layoutMs: 6, gcMs: 4 });
    expect(f.extensionTotalMs).toBe(37);
    expect(f.extensionOverFrame).toBe(1);
    expect(f.scriptLongestMs).toBe(21);
    expect(f.scriptOverFrame).toBe(1);
    // The page's tasks, whoever's: the longest is 40 ms; two pass a frame.
    expect(f.longestMs).toBe(40);
    expect(f.overFrame).toBe(2);
  });

  it('a task the extension never ran in is not its', () => {
    const f = taskFigures({ tasks: [ms(0, 100)], scripts: [], layouts: [ms(0, 50)], gcs: [] });
    expect(f).toMatchObject({ extensionTasks: 0, extensionLongestMs: 0, longestParts: { scriptMs: 0, layoutMs: 0, gcMs: 0 }, longestMs: 100, overFrame: 1 });
  });
});
