/** The service worker entry (wiring lands next). */
export {};
