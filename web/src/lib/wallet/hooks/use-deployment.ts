import { useAccount } from 'wagmi'
import { type DeploymentDescriptor, descriptorFor } from '../utils/deployment-descriptor'

/** The deployment descriptor of the connected chain, re-derived whenever the chain changes. */
export function useDeployment(): DeploymentDescriptor {
  const { chain } = useAccount()
  return descriptorFor(chain?.name)
}
