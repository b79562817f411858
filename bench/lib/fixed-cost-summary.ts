import type { LoadResult } from './load';
import { median } from './median';
import type { PgbenchResult } from './pgbench';
import { round } from './report';

/** The goals: each route's throughput as a share of its floor's, measured in the same run. */
export const FIXED_COST_GOALS = { search: 0.25, id: 0.5 };

/** One pgbench run with its backends' CPU per transaction. */
export interface FloorMeasurement extends PgbenchResult {
  db_cpu_ms_per_transaction: number | null;
}

/** One autocannon run with the API's and the database backends' CPU per request beside it. */
export interface HttpMeasurement extends LoadResult {
  api_cpu_ms_per_request: number | null;
  db_cpu_ms_per_request: number | null;
}

/** One round: the four measurements, in the order they ran. */
export interface FixedCostRound {
  searchFloor: FloorMeasurement;
  searchRoute: HttpMeasurement;
  idFloor: HttpMeasurement;
  idRoute: HttpMeasurement;
}

export type HttpSummary = ReturnType<typeof summariseHttp>;

const med = (values: (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? round(median(present), 3) : null;
};

function summariseHttp(runs: HttpMeasurement[]) {
  return {
    requests_per_s: med(runs.map((x) => x.requests_per_s))!,
    latency_p50_ms: med(runs.map((x) => x.latency_p50_ms)),
    latency_p99_ms: med(runs.map((x) => x.latency_p99_ms)),
    api_cpu_ms_per_request: med(runs.map((x) => x.api_cpu_ms_per_request)),
    db_cpu_ms_per_request: med(runs.map((x) => x.db_cpu_ms_per_request)),
  };
}

/**
 * Medians over the rounds, and the ratios route / floor: of the medians (the figure against the
 * goal) and of each round (how far one round's pair can swing on this machine).
 */
export function summariseRounds(series: FixedCostRound[]) {
  const medians = {
    search_floor: {
      tps: med(series.map((x) => x.searchFloor.tps))!,
      latency_avg_ms: med(series.map((x) => x.searchFloor.latency_avg_ms)),
      db_cpu_ms_per_transaction: med(series.map((x) => x.searchFloor.db_cpu_ms_per_transaction)),
    },
    search_route: summariseHttp(series.map((x) => x.searchRoute)),
    id_floor: summariseHttp(series.map((x) => x.idFloor)),
    id_route: summariseHttp(series.map((x) => x.idRoute)),
  };
  const ratios = {
    search_over_pgbench: round(medians.search_route.requests_per_s / medians.search_floor.tps, 3),
    id_lookup_over_live: round(medians.id_route.requests_per_s / medians.id_floor.requests_per_s, 3),
    per_round: series.map((x) => ({
      search_over_pgbench: round(x.searchRoute.requests_per_s / x.searchFloor.tps, 3),
      id_lookup_over_live: round(x.idRoute.requests_per_s / x.idFloor.requests_per_s, 3),
    })),
  };
  const met = {
    search: ratios.search_over_pgbench >= FIXED_COST_GOALS.search,
    id: ratios.id_lookup_over_live >= FIXED_COST_GOALS.id,
  };
  return { medians, ratios, met };
}
