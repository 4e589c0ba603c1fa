import { Button, FileInput, Image, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type ProductType, productTypeValues } from '../../../../domain/enums';
import { nairaToKobo } from '../../../../domain/format';
import { UPLOAD_MAX_BYTES, uploadImageTypes } from '../../../../domain/schemas/upload';
import { MoneyInput } from '../../../components/money-input';
import { useDraft } from '../../../lib/use-draft';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { createProduct } from '../api/create-product';
import { stockKeys } from '../api/keys';
import { uploadPicture } from '../api/upload-picture';
import { ProductDescriptionField, ProductNameField } from './product-fields';

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumberOrString = (v: unknown): v is number | string => typeof v === 'number' || typeof v === 'string';
const isTypeOrNull = (v: unknown): v is string | null =>
  v === null || (typeof v === 'string' && (productTypeValues as readonly string[]).includes(v));

/** A new catalogue entry with an optional picture (uploaded first, then referenced by URL). */
export function NewProductPanel() {
  const queryClient = useQueryClient();
  // The form is the tab's draft: a reload in the middle keeps what was typed (not the picture).
  const [type, setType] = useDraft<string | null>('product.type', null, isTypeOrNull);
  const [name, setName] = useDraft('product.name', '', isString);
  const [description, setDescription] = useDraft('product.description', '', isString);
  const [price, setPrice] = useDraft<number | string>('product.price', '', isNumberOrString);
  const [sizeKg, setSizeKg] = useDraft<number | string>('product.sizeKg', '', isNumberOrString);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const keys = useIdempotencyKey();

  const upload = useMutation({
    mutationFn: (file: File) => {
      if (file.size > UPLOAD_MAX_BYTES) throw new Error('The picture is larger than 2 MB');
      return uploadPicture(file);
    },
    onSuccess: (r) => setImageUrl(r.url),
  });
  const create = useMutation({
    mutationFn: () => {
      const body = {
        type: type as ProductType,
        name: name.trim(),
        description: description.trim(),
        price: nairaToKobo(Number(price)),
        sizeKg: typeof sizeKg === 'number' ? sizeKg : undefined,
        imageUrl: imageUrl ?? undefined,
      };
      return createProduct(body, keys.keyFor(body));
    },
    onSuccess: (p) => {
      notifications.show({ color: 'green', message: `${p.name} added to the catalogue` });
      setName('');
      setDescription('');
      setPrice('');
      setSizeKg('');
      setImageUrl(null);
      keys.renew();
      void queryClient.invalidateQueries({ queryKey: stockKeys.products() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const valid = type !== null && name.trim().length >= 2 && typeof price === 'number' && price > 0;
  return (
    <Stack component="form" onSubmit={submit} gap="sm" maw={640}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Type" data={productTypeValues} value={type} onChange={setType} required />
        <ProductNameField value={name} onChange={setName} />
        <MoneyInput label={type === 'Gas' ? 'Price per kg' : 'Price'} value={price} onChange={setPrice} required />
        {type === 'Cylinder' && <NumberInput label="Cylinder size (kg)" value={sizeKg} onChange={setSizeKg} min={1} />}
      </SimpleGrid>
      <ProductDescriptionField value={description} onChange={setDescription} />
      <FileInput
        label="Picture"
        description="JPEG, PNG, WebP, GIF or AVIF, at most 2 MB"
        accept={uploadImageTypes.join(',')}
        onChange={(file) => file && upload.mutate(file)}
        clearable
      />
      {upload.error && <Text c="red">{upload.error.message}</Text>}
      {imageUrl && <Image src={imageUrl} alt="The uploaded picture" w={120} h={120} fit="contain" radius="sm" />}
      {create.error && <Text c="red">{create.error.message}</Text>}
      <Button type="submit" loading={create.isPending} disabled={!valid || upload.isPending} w="fit-content">
        Add product
      </Button>
    </Stack>
  );
}
