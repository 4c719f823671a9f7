export { StargazePage as StargazeRoute } from '@/features/stargaze'
