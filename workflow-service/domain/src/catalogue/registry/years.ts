// The year ranges of the demo data: the earlier regional system (2010–2019), regional monitoring (2020–2025).
export const YEARS_ALL: readonly number[] = Array.from({ length: 16 }, (_, i) => 2010 + i)
export const YEARS_LEGACY: readonly number[] = YEARS_ALL.filter((y) => y <= 2019)
export const YEARS_REGIONAL: readonly number[] = YEARS_ALL.filter((y) => y >= 2020)
export const YEARS_RECENT: readonly number[] = YEARS_ALL.filter((y) => y >= 2015)
