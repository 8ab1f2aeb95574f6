/**
 * Worker-thread entry for parallel cold scans (`scan.ts`): runs the per-file step
 * (`scanTranscriptFile`: read, dedupe, conversations, detection, windows, tail hash) and posts
 * back only its compact outcome; the thread that owns the store writes it.
 */
import { serveJobs } from '../transcripts/worker-pool.js';
import { type FileScanOutcome, type FileScanRequest, scanTranscriptFile } from './scan-file.js';

serveJobs<FileScanRequest, FileScanOutcome>(scanTranscriptFile);
