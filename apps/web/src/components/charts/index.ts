export { BarList, UsageMeter } from './meter';
export { PeriodPicker, describePeriod, periodKey, periodQuery } from './period-picker';
export { StatCard, formatBucket, formatBucketLong, formatRate } from './stat';
export { CHART_COLORS, TrendChart, type TrendChartProps, type TrendSeries } from './trend-chart-lazy';
export { FigureTable, type FigureColumn, type FigureRow } from './figure-table';
