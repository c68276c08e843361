// The served cluster's sim endpoint, shared by the server (src/server/guard.ts) and the page that posts
// to it (src/connect/remotePort.ts): its path, and its media type, which is not one of the three a page
// may send cross-origin unasked, so a browser sends it only after a CORS preflight.

export const SIM_PATH = '/playground/v1/sim';
export const SIM_MEDIA_TYPE = 'text/x-playground-sim';
