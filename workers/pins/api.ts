// The one typed contract of the pins worker. The main thread imports only types from here
// (and the client wrapper in client.ts); big data crosses as transferred typed arrays. The pin buffer
// layout those arrays follow is common/pin-buffers.ts (the engine reads it too).
import type { ListPin } from '../../common/api';
import type { PinBuffers, PinLayout, PinSetChange } from '../../common/pin-buffers';

/**
 * Which pins a call considers. Every field is optional; an absent field does not filter.
 */
export interface PinFilter {
  /** Enabled category ids; pins of other categories are left out. Absent = every loaded category. */
  categories?: number[];
  /** Pins of this region only. */
  region?: number;
  /** Pins of any of these regions (regions sharing a tile set); one call keeps route order across them. */
  regions?: number[];
  /** Leave out the pins the user found (see setChecked). */
  hideChecked?: boolean;
  /** undefined = every floor; null = base-map pins only; a number = pins on that floor only. */
  floor?: number | null;
  /** Pins that carry at least one of these tag ids. Absent or empty = no tag filter. */
  tags?: number[];
  /**
   * getPins only: these pins (of loaded categories) come too when their category is not among
   * `categories`, or they are found and `hideChecked` leaves found pins out; region and floor still
   * apply. The opened pin of a link is drawn so (issue 25 item 6).
   */
  alsoPins?: number[];
}

/** One tag attached to a pin. */
export interface PinTag {
  id: number;
  name: string;
  flag?: number;
}

/**
 * One pin as a plain object, materialised on demand (detail panel, search results): a pin of the
 * category list (common/api ListPin) plus what the worker knows of it. A PinList may leave out a
 * pin's region, category and count, so they stay optional here.
 */
export interface PinRecord extends Omit<ListPin, 'region' | 'categoryId' | 'totalChecks'> {
  region?: number;
  categoryId?: number;
  totalChecks?: number;
  tags: PinTag[];
  categoryName?: string;
  /** Whether the user found it (from setChecked). */
  checked: boolean;
}

/** A pin to add or replace in the worker (after create/edit), as the API returns it. */
export type PinInput = Omit<PinRecord, 'checked' | 'tags'> & { tags?: PinTag[]; checked?: boolean };

/** Options of a category load. */
export interface LoadOptions {
  /** API origin + prefix; default '' (same origin), so the URL is `${apiBase}/api/v1/category/{id}/pins-proto`. */
  apiBase?: string;
  /** The category's icon index, used for pins without their own icon. */
  icon?: number;
  /** A cancellation handle: cancel(requestId) aborts the fetch/decode. */
  requestId?: number;
}

/** What a network load returns. */
export interface LoadResult {
  categoryId: number;
  /** Epoch milliseconds of the category's last edit (for the local cache). */
  lastEdited: number;
  count: number;
  /**
   * The raw PinList bytes (not the envelope) as a Blob, for the local cache (loadCategoryBytes): posting a Blob and
   * putting it in IndexedDB pass a reference, so no megabytes are cloned on the main thread (an ArrayBuffer was:
   * 0.8 s of main-thread IndexedDB serialisation for a world of 300,000 pins).
   */
  bytes: Blob;
}

/** Options of a region snapshot load (loadSnapshot, loadSnapshotBytes). */
export interface SnapshotLoadOptions {
  /** API origin + prefix; default '' (same origin). */
  apiBase?: string;
  /** Each category's icon index, for its pins without their own icon. */
  icons?: Record<number, number>;
  /** A cancellation handle: cancel(requestId) aborts the fetch. */
  requestId?: number;
}

/**
 * Called as a snapshot's blocks arrive (the first at once, then at most every PROGRESS_EVERY_MS) with the
 * categories seen so far and the pins held: the map draws what is there while the rest streams. Across the worker
 * it is a Comlink.proxy, passed as an argument of its own (Comlink proxies only top-level arguments).
 */
export type SnapshotProgressCallback = (p: SnapshotProgress) => void;

/** How far a region snapshot load has come. */
export interface SnapshotProgress {
  region: number;
  version: number;
  /** Categories with pins in the blocks read so far (each once, in order). */
  categories: number[];
  /** Pins held so far. */
  pins: number;
  /** Whether the whole snapshot is in. */
  done: boolean;
}

/** What a region snapshot load returns. */
export interface SnapshotLoadResult extends SnapshotProgress {
  /** Pins per category of the region. */
  counts: Record<number, number>;
  /** The snapshot's bytes for the local cache (a Blob: no copy on the main thread); absent when loaded from bytes. */
  bytes?: Blob;
}

/** Where a planned route's pins lie: the whole filter, a rectangle (the view) or a lasso (x,y pairs). */
export type RouteArea =
  { kind: 'all' } | { kind: 'rect'; bounds: [number, number, number, number] } | { kind: 'lasso'; polygon: number[] | Float64Array };

/** A route to plan: the unfound pins of `filter` inside `area`, from `start` (see workers/pins/route-plan.ts). */
export interface RoutePlanRequest {
  filter: PinFilter;
  area: RouteArea;
  start: { x: number; y: number; floor?: number | null };
  /** The solver's time budget (ms, default ROUTE_BUDGET_MS in route-plan.ts). */
  budgetMs?: number;
}

/** A planned route: its stops in visiting order (parallel arrays) and its cost in world units (floor changes included). */
export interface PlannedRoute {
  ids: Int32Array;
  x: Float32Array;
  y: Float32Array;
  /** Floor of each stop (NaN = base map). */
  z: Float32Array;
  category: Int32Array;
  length: number;
}

/** The nearest unfound pin: where it is and its cost from the asked point (world units, floor changes included). */
export interface NearestPin {
  id: number;
  x: number;
  y: number;
  floor: number | null;
  cost: number;
}

/** The error name a cancelled call rejects with. */
export const CANCELLED_ERROR_NAME = 'AbortError';

/**
 * The pins worker's API (exposed with Comlink). Calls that take a `requestId` can be
 * cancelled with cancel(requestId): they reject with an Error named 'AbortError'.
 */
export interface PinsWorkerApi {
  /** Fetches `/api/v1/category/{id}/pins-proto` (Accept application/x-protobuf, credentials included), decodes and indexes it; replaces the category's pins. */
  loadCategory(categoryId: number, opts?: LoadOptions): Promise<LoadResult>;
  /** Loads a PinList from the local cache (warm start), no network; replaces the category's pins. */
  loadCategoryBytes(categoryId: number, bytes: Blob | ArrayBuffer, opts?: LoadOptions): Promise<{ count: number; lastEdited: number }>;
  /**
   * Fetches the region's pin snapshot `/api/v1/pins/snapshot/{region}/{version}` and decodes it as it streams, a
   * block at a time (onProgress after each batch), replacing the region's pins of an earlier snapshot; categories
   * loaded whole (loadCategory) keep their own list. Every category of the region is then a filter away.
   */
  loadSnapshot(
    region: number,
    version: number,
    opts?: SnapshotLoadOptions,
    onProgress?: SnapshotProgressCallback,
  ): Promise<SnapshotLoadResult>;
  /** Loads a region snapshot from the local cache (warm start), no network. */
  loadSnapshotBytes(
    region: number,
    bytes: Blob | ArrayBuffer,
    opts?: SnapshotLoadOptions,
    onProgress?: SnapshotProgressCallback,
  ): Promise<SnapshotLoadResult>;
  /** Adds a pin created after its category loaded, or replaces one moved or edited (until the category reloads). */
  upsertPin(pin: PinInput): Promise<void>;
  /** Removes deleted pins (until their category reloads). */
  removePins(ids: Int32Array): Promise<void>;
  /** Replaces the set of pins the user found. */
  setChecked(ids: Int32Array): Promise<void>;
  /** Marks pins found (true) or not found (false) without replacing the whole set. */
  updateChecked(ids: Int32Array, checked: boolean): Promise<void>;
  /**
   * Highlighted tags: pins carrying any of them get PinDataFlag.Highlighted from now on. Answers the
   * ids of those pins among the pins of `filters` (the map's pin set), so the map restyles only
   * their flags (MapEngine.setHighlightedPins) instead of taking new pins.
   */
  setHighlightedTags(tagIds: number[], filters?: PinFilter[]): Promise<Int32Array>;
  /** All pins passing the filter, as transferred typed arrays. */
  getPins(filter?: PinFilter): Promise<PinBuffers>;
  /**
   * Declutter and aggregates of the pins getPins returns for these filters, concatenated in this
   * order (the engine's pin set); found pins are left out when hideChecked, and pins off `floor`
   * come last and stay out of aggregates.
   */
  layout(filters: PinFilter[], opts?: { hideChecked?: boolean; floor?: number | null }): Promise<PinLayout>;
  /**
   * The pins of these filters concatenated (the engine's pin set) and their layout, read in one
   * go so they always match (same version): what the map asks for whenever its pins change.
   * Null, with nothing built, when the pin set is still at version `unless`: the caller holds that
   * answer already (a load that brought none of the pins, such as a region's snapshot held).
   */
  pinsWithLayout(
    filters: PinFilter[],
    opts?: { hideChecked?: boolean; floor?: number | null },
    unless?: number,
  ): Promise<{ pins: PinBuffers; layout: PinLayout } | null>;
  /**
   * The changes since the map's pin set of version `since` (read with these filters and options):
   * null when something other than live upserts and removals changed it since (a load),
   * or the version is unknown; then the map takes pinsWithLayout again.
   */
  changesSince(since: number, filters: PinFilter[], opts?: { hideChecked?: boolean; floor?: number | null }): Promise<PinSetChange | null>;
  /** Topmost (last drawn = highest index among the nearest) pin within `radius` of (x, y), or null. */
  queryPoint(x: number, y: number, radius: number, filter?: PinFilter): Promise<number | null>;
  /** Ids of the pins inside the rectangle (edges included). */
  queryRect(minX: number, minY: number, maxX: number, maxY: number, filter?: PinFilter, requestId?: number): Promise<Int32Array>;
  /** Ids of the pins inside the polygon given as x,y pairs (even-odd rule). */
  queryLasso(polygon: Float64Array, filter?: PinFilter, requestId?: number): Promise<Int32Array>;
  /** Ids of the pins within width/2 of the polyline (x,y pairs), ordered by distance along the route. */
  queryRoute(polyline: Float64Array, width: number, filter?: PinFilter, requestId?: number): Promise<Int32Array>;
  /** One pin as a plain object, or null when it is not loaded. */
  getPin(id: number): Promise<PinRecord | null>;
  /**
   * Where each pin counts in progress: pairs (category id, region) per id, in order; (-1, -1) for a pin this
   * worker does not hold, region -1 for one without a region (src/data/check-sync keeps the counts from these).
   */
  placesOf(ids: Int32Array): Promise<Int32Array>;
  /**
   * Orders the unfound pins of the request into a route from its start (nearest neighbour, 2-opt, Or-opt and
   * kicks; workers/pins/route-plan.ts). Rejects with an Error named 'route_too_many' (Korean message) past 1,000 pins.
   */
  planRoute(req: RoutePlanRequest): Promise<PlannedRoute>;
  /** The unfound pin of `filter` nearest to (x, y) on `floor`, across floors; pins in `exclude` are skipped. */
  nearestUnfound(x: number, y: number, floor: number | null, filter: PinFilter, exclude?: number[]): Promise<NearestPin | null>;
  /** Cancels the call started with this requestId (no effect when it already finished). */
  cancel(requestId: number): void;
}
