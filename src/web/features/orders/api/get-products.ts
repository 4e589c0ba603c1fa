import { queryOptions } from '@tanstack/react-query';
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

/** GET /api/product: the catalogue with prices (kobo) and what is left. */
export const getProducts = () => api.get<ProductList>('product');

export const productsQueryOptions = () => queryOptions({ queryKey: catalogueKeys.products(), queryFn: getProducts });
