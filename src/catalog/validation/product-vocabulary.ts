/** Closed vocabularies of the feed (Google Merchant Center / Agentic Commerce Protocol spelling). */
export const AVAILABILITY_VALUES = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;
export type Availability = (typeof AVAILABILITY_VALUES)[number];
/** Availabilities a buyer can order now or ahead (UCP `available`). */
export const ORDERABLE_AVAILABILITIES: readonly Availability[] = ['in_stock', 'preorder', 'backorder'];

export const CONDITION_VALUES = ['new', 'refurbished', 'used'] as const;
export type Condition = (typeof CONDITION_VALUES)[number];
