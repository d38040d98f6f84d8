import { Router } from 'express';
import { photosQuerySchema } from '../../contract/photos.ts';
import { parseInput } from '../http/validation.ts';
import type { PhotoService } from './photo-service.ts';

export function photosRouter({ photos }: { photos: PhotoService }): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const { purpose } = parseInput(photosQuerySchema, req.query, 'query');
    const data = await photos.photosFor(purpose, req.log);
    // Browsers may reuse the answer briefly; the server keeps its own hour-long cache of Unsplash results.
    res.set('Cache-Control', 'public, max-age=300').json({ success: true, data });
  });
  return router;
}
