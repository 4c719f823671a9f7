export { ComposePage as ComposeRoute } from '@/features/compose'
