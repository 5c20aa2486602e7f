// The Department's board grows by this many rows ('Показать еще 100'); shared by the loader and the page.
export const BOARD_PAGE = 100
