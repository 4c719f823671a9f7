export { useDeployment } from '../shell/deployment'
