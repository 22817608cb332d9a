export { Gateway, type GatewayOptions, type GatewayLogger, type GatewayStats } from './node/gateway.js';
export type { GatewayTimeouts, GatewayLimits } from './node/gateway.js';
export { realClock, ManualClock, type Clock, type TimerHandle } from './io/clock.js';
export { GatewayState, type GatewayProxy, type StateDiff } from './sync/state.js';
export { Meter, type ProxyCounter } from './node/meter.js';
export { DnsCache, DnsError, caresResolver, type DnsResolveFn, type DnsCacheOptions } from './io/dns-cache.js';
export { NodeClient, type NodeClientOptions } from './sync/node-client.js';
export { parseGatewayEnv, ConfigError, isDnsServer, ZDnsServerList, type GatewayEnv } from './node/config.js';
export { parseHost, parseIp, specialPurpose, formatIp, isLoopbackOrUnspecified, type Ip } from './protocol/ssrf.js';
