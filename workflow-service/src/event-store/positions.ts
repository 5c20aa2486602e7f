// Which positions of `events` belong to the chain. The database issues positions from events_position_seq, from 1
// upward, and refuses any other (migration 2110: a check that a position is positive, a trigger that it was issued);
// a row at or below zero can only be an owner's forgery or older than that migration, and is outside the chain.
export const inChain = (position: number): boolean => position > 0
