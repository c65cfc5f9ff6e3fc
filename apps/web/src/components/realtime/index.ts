export {
  REALTIME_FALLBACK_POLL_MS,
  RealtimeProvider,
  useFallbackPollInterval,
  useRealtime,
  useRealtimeEvent,
  useRealtimeResync,
} from './realtime-provider';
