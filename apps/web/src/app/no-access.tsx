// The view lives with the kit so feature pages can show it too (features never import app/).
export { NoAccess } from '../components/no-access';
