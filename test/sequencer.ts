/**
 * The order test files are handed to vitest's workers (vite.config.ts `sequence.sequencer`). All
 * projects share one pool of workers (maxWorkers), which takes files first in, first out. Vitest's
 * own order runs a project's files together, so every worker would drive a browser at once, then
 * all run unit files; on a 2-core machine a journey (Chromium, the reference server, its PGlite) is
 * best paired with the CPU-bound unit files, which fill its waits. This order keeps one worker for
 * the other files while they last and lets the rest walk the journeys, longest first: it simulates
 * the workers on each file's last duration (vitest's cache), or a guess on a fresh clone, and
 * queues a journey whenever the simulated worker that frees first would leave another without one,
 * once the portal is built.
 *
 * Only the order changes: every file still runs. More journeys than planned can still meet (the
 * estimates are only estimates), which the journeys allow: each has its own server, data folder
 * and browser context.
 */
import type { TestSequencer, TestSpecification, Vitest } from "vitest/node";

/** Seconds a file is guessed to take when the cache has no result for it (CI runs a fresh clone). */
const GUESSED_SECONDS = { journey: 19, other: 3 } as const;

/**
 * Seconds a file costs besides the duration the cache records, which counts its tests only: a new
 * worker, and the file's imports (about 1 s a file in CI's run).
 */
const PER_FILE_SECONDS = 1;

/**
 * Seconds the portal build is guessed to take (test/e2e/global-setup.ts builds it while the run
 * goes on): no journey is queued to start before, the workers take other files meanwhile.
 */
const BUILD_SECONDS = 20;

const isJourney = (spec: TestSpecification) => spec.project.name === "e2e";

/**
 * Vitest's own sequencer, loaded when a run asks for it: vite.config.ts, which names this class, is
 * also the build's config, and the build has no use for vitest's code.
 */
async function vitestSequencer(ctx: Vitest): Promise<TestSequencer> {
  const { BaseSequencer } = await import("vitest/node");
  return new BaseSequencer(ctx);
}

export class JourneysBesideUnitFiles implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  /** Vitest's sharding, unchanged. */
  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await vitestSequencer(this.ctx)).shard(files);
  }

  /** Longest first within each kind (vitest's order), journeys spread as above. */
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await (await vitestSequencer(this.ctx)).sort(files);
    const journeys = sorted.filter(isJourney);
    const others = sorted.filter((spec) => !isJourney(spec));
    const seconds = (spec: TestSpecification) => {
      const last = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      return last ? last / 1000 + PER_FILE_SECONDS : GUESSED_SECONDS[isJourney(spec) ? "journey" : "other"];
    };
    // The simulated workers: when each frees, and whether it runs a journey.
    const workers = Array.from({ length: Math.max(2, this.ctx.config.maxWorkers) }, () => ({
      freeAt: 0,
      journey: false,
    }));
    const order: TestSpecification[] = [];
    while (journeys.length || others.length) {
      workers.sort((a, b) => a.freeAt - b.freeAt);
      const next = workers[0]!;
      const journeysRunning = workers.filter(
        (worker) => worker !== next && worker.journey && worker.freeAt > next.freeAt,
      ).length;
      const journeyFree = next.freeAt >= BUILD_SECONDS && journeysRunning < workers.length - 1;
      const takeJourney = journeys.length > 0 && (others.length === 0 || journeyFree);
      const spec = (takeJourney ? journeys : others).shift()!;
      order.push(spec);
      next.freeAt += seconds(spec);
      next.journey = takeJourney;
    }
    return order;
  }
}
