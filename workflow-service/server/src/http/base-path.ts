// Where the pages live: every page address starts here (the API has /api/v1/, the login /auth/).
export const BASE_PATH = '/monitoring'
