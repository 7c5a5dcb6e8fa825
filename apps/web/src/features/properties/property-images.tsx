import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import ImageListItemBar from '@mui/material/ImageListItemBar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/Delete';
import { PROPERTY_IMAGE_ACCEPT, type TProperty, type TPropertyImage } from '@apron/core/properties';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FileUpload } from '../../components/file-upload';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useAddGalleryImage, useDeleteGalleryImage, useUploadHeaderImage } from './api/property';

/** Header image and gallery. FileUpload refuses files over 5 MB ('File Size cannot be more than 5MB'). */
export function PropertyImages({ property, canEdit }: { property: TProperty; canEdit: boolean }) {
  const notify = useNotify();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const header = useUploadHeaderImage(property._id);
  const add = useAddGalleryImage(property._id);
  const remove = useDeleteGalleryImage(property._id);
  const [toDelete, setToDelete] = useState<TPropertyImage | null>(null);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="property-images-heading" sx={{ p: 2 }}>
      <Typography id="property-images-heading" variant="h6" component="h2" gutterBottom>
        Images
      </Typography>
      <Stack spacing={2}>
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            Header Image
          </Typography>
          {property.headerImage ? (
            <Box
              component="img"
              src={property.headerImage.url}
              alt={`Header image of ${property.name}`}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: 280, borderRadius: 1, objectFit: 'cover' }}
            />
          ) : (
            <Typography color="text.secondary">No header image</Typography>
          )}
          {canEdit && (
            <Box sx={{ mt: 1 }}>
              <FileUpload
                label={property.headerImage ? 'Replace Header Image' : 'Upload Header Image'}
                accept={PROPERTY_IMAGE_ACCEPT}
                disabled={header.isPending}
                onFile={(file) => header.mutate(file, { onSuccess: () => notify.success(SUCCESS_TEXT.updated), onError: (e) => notify.error(e) })}
              />
            </Box>
          )}
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            Gallery
          </Typography>
          {property.images.length === 0 ? (
            <Typography color="text.secondary">No gallery images</Typography>
          ) : (
            <ImageList cols={isPhone ? 2 : 4} gap={8} aria-label="Gallery">
              {property.images.map((image, index) => (
                <ImageListItem key={image._id}>
                  <img src={image.thumbnailUrl} alt={`Gallery image ${index + 1} of ${property.name}`} loading="lazy" style={{ aspectRatio: '3 / 2', objectFit: 'cover' }} />
                  {canEdit && (
                    <ImageListItemBar
                      position="top"
                      sx={{ background: 'transparent' }}
                      actionIcon={
                        <IconButton aria-label={`Delete gallery image ${index + 1}`} onClick={() => setToDelete(image)} sx={{ color: 'white', bgcolor: 'rgba(0,0,0,0.55)', m: 0.5 }}>
                          <DeleteIcon />
                        </IconButton>
                      }
                    />
                  )}
                </ImageListItem>
              ))}
            </ImageList>
          )}
          {canEdit && (
            <Box sx={{ mt: 1 }}>
              <FileUpload
                label="Add Gallery Image"
                accept={PROPERTY_IMAGE_ACCEPT}
                disabled={add.isPending}
                onFile={(file) => add.mutate(file, { onSuccess: () => notify.success(SUCCESS_TEXT.added), onError: (e) => notify.error(e) })}
              />
            </Box>
          )}
        </Box>
      </Stack>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Image"
        message="Delete this gallery image? This cannot be undone."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete._id, {
            onSuccess: (body) => {
              setToDelete(null);
              notify.success(body?.message ?? 'Deleted Successfully');
            },
            onError: (e) => notify.error(e),
          })
        }
      />
    </Paper>
  );
}
