/**
 * The order test files are handed to vitest's workers (vite.config.ts `sequence.sequencer`). All
 * projects share one pool of two workers, which takes files first in, first out. Vitest's own order
 * runs a project's files together, so both workers would drive a browser at once, then both run
 * unit files; on a 2-core machine a journey (Chromium, the reference server, its PGlite) is best
 * paired with the light unit files. This order lets one worker walk the journeys, longest first,
 * while the other takes the rest: it simulates the two workers on each file's last duration
 * (vitest's cache), or a guess on a fresh clone, and queues a journey whenever the simulated
 * worker that frees first is the only one without one, once the portal is built.
 *
 * Only the order changes: every file still runs, each in its own worker. Two journeys can still
 * meet (the estimates are only estimates), which the journeys allow: each has its own server, data
 * folder and browser context.
 */
import type { TestSequencer, TestSpecification, Vitest } from "vitest/node";

/** Seconds a file is guessed to take when the cache has no result for it (CI runs a fresh clone). */
const GUESSED_SECONDS = { journey: 13, other: 3 } as const;

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
    // Two simulated workers: when each frees, and whether it runs a journey.
    const workers = [
      { freeAt: 0, journey: false },
      { freeAt: 0, journey: false },
    ];
    const order: TestSpecification[] = [];
    while (journeys.length || others.length) {
      workers.sort((a, b) => a.freeAt - b.freeAt);
      const [next, other] = workers as [(typeof workers)[0], (typeof workers)[0]];
      const journeyFree = next.freeAt >= BUILD_SECONDS && !(other.journey && other.freeAt > next.freeAt);
      const takeJourney = journeys.length > 0 && (others.length === 0 || journeyFree);
      const spec = (takeJourney ? journeys : others).shift()!;
      order.push(spec);
      next.freeAt += seconds(spec);
      next.journey = takeJourney;
    }
    return order;
  }
}
