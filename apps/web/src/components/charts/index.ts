export { BarChart, type BarSeries } from './bar-chart';
export { BarList, UsageMeter } from './meter';
export { StatCard, formatBucket, formatRate } from './stat';
