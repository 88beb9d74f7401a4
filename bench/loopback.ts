/**
 * Source addresses for benchmark clients: Linux routes all of 127.0.0.0/8 to loopback, so a
 * client bound to 127.1.x.y looks to the server like its own host. Used where one address would
 * only measure a per-address limit (login and upload rate limits, the per-address socket cap).
 */
export const loopbackAddress = (n: number): string =>
  `127.1.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
