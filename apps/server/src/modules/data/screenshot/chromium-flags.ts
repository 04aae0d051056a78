/**
 * How the screenshot browser is launched. Every request a page makes is meant to go through the
 * page router (guarded-routing.ts), but Playwright lets some requests past its routes (a hop after
 * a redirect, requests with no frame such as a worker's, `<link rel=preconnect>`, WebRTC), so
 * the browser itself must be unable to reach anything. Each flag below was checked against this
 * Chromium (see the screenshot tests), not taken on trust:
 */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  // Chromium's sandbox needs user namespaces, which containers rarely allow; the browser is
  // kept off the network by the flags below instead, and renders only what the router hands it.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  // All traffic goes to a proxy that is not there (the discard port), so anything that escapes
  // routing fails with ERR_PROXY_CONNECTION_FAILED. `<-loopback>` takes away the implicit
  // bypass of localhost and 127.0.0.0/8, which would otherwise open the server's own ports.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  // WebRTC sends UDP (STUN) past any HTTP proxy. This Chromium reads the policy from
  // `--webrtc-ip-handling-policy`; the often-quoted `--force-webrtc-ip-handling-policy` is ignored
  // by it (STUN packets still left), so the working spelling is the one given.
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // With a proxy, Chromium resolves no names itself; these also stop speculative lookups and
  // the browser's own update and telemetry traffic, which the dead proxy would only fail.
  '--dns-prefetch-disable',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
];
