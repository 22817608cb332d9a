export { Gateway, type GatewayOptions, type GatewayLogger, type GatewayStats } from './gateway.js';
export type { GatewayTimeouts, GatewayLimits } from './gateway.js';
export { realClock, ManualClock, type Clock, type TimerHandle } from './clock.js';
export { GatewayState, type GatewayProxy, type StateDiff } from './state.js';
export { Meter, type ProxyCounter } from './meter.js';
export { DnsCache, DnsError, caresResolver, type DnsResolveFn, type DnsCacheOptions } from './dns-cache.js';
export { NodeClient, type NodeClientOptions } from './node-client.js';
export { parseGatewayEnv, ConfigError, isDnsServer, ZDnsServerList, type GatewayEnv } from './config.js';
export { parseHost, parseIp, specialPurpose, formatIp, isLoopbackOrUnspecified, type Ip } from './ssrf.js';
