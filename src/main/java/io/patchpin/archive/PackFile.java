package io.patchpin.archive;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;

/**
 * One pack file read as it lies on disk: object headers and their zlib
 * streams, through read-only memory maps of at most {@link #WINDOW} bytes
 * each (a pack over 2 GiB is read window by window). The file is opened
 * read-only and closed at once: the maps outlive the channel.
 */
final class PackFile implements AutoCloseable {
    /** The largest map: Java's buffers are int-indexed. */
    private static final long WINDOW = 1L << 30;

    /** What precedes an object's data: its type, its size (a delta's own size), and a delta's base. */
    record Header(int type, long size, long dataOffset, long baseOffset, ObjectId baseId) {
        boolean isDelta() {
            return type == Constants.OBJ_OFS_DELTA || type == Constants.OBJ_REF_DELTA;
        }
    }

    private final Path file;
    private final long length;
    private final Inflater inflater = new Inflater();
    private MappedByteBuffer window;
    private long windowStart;

    PackFile(Path file) throws IOException {
        this.file = file;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            this.length = ch.size();
        }
    }

    /** The header of the object at {@code offset}; a REF_DELTA's base offset is left to the caller (-1). */
    Header header(long offset) throws IOException {
        try {
            return parse(offset, at(offset, 64));
        } catch (IndexOutOfBoundsException e) {
            throw new IOException(file + ": the header at " + offset + " runs past the end", e);
        }
    }

    private static Header parse(long offset, ByteBuffer b) {
        int p = b.position();
        int c = b.get(p++) & 0xff;
        int type = (c >> 4) & 7;
        long size = c & 15;
        for (int shift = 4; (c & 0x80) != 0; shift += 7) {
            c = b.get(p++) & 0xff;
            size |= (long) (c & 0x7f) << shift;
        }
        long base = -1;
        ObjectId baseId = null;
        if (type == Constants.OBJ_OFS_DELTA) {
            c = b.get(p++) & 0xff;
            long back = c & 0x7f;
            while ((c & 0x80) != 0) {
                c = b.get(p++) & 0xff;
                back = ((back + 1) << 7) | (c & 0x7f);
            }
            base = offset - back;
        } else if (type == Constants.OBJ_REF_DELTA) {
            byte[] raw = new byte[Constants.OBJECT_ID_LENGTH];
            b.get(p, raw);
            p += raw.length;
            baseId = ObjectId.fromRaw(raw);
        }
        return new Header(type, size, offset + (p - b.position()), base, baseId);
    }

    /** The {@code size} bytes of the zlib stream at {@code offset}. */
    byte[] inflate(long offset, long size) throws IOException {
        if (size > Integer.MAX_VALUE - 8) {
            throw new IOException(file + ": object at " + offset + " is too large to hold");
        }
        byte[] out = new byte[(int) size];
        inflater.reset();
        long in = offset;
        int done = 0;
        try {
            while (!inflater.finished()) {
                if (inflater.needsInput()) {
                    ByteBuffer b = at(in, 1);
                    inflater.setInput(b);
                    in += b.remaining();
                }
                int n = inflater.inflate(out, done, out.length - done);
                done += n;
                if (n == 0 && inflater.needsDictionary()) {
                    throw new IOException(file + ": object at " + offset + " wants a zlib dictionary");
                }
                if (n == 0 && !inflater.needsInput() && !inflater.finished()) {
                    // the stream holds more than the header said: a corrupt pack
                    throw new IOException(file + ": object at " + offset + " inflates past its size " + size);
                }
            }
        } catch (DataFormatException e) {
            throw new IOException(file + ": object at " + offset + " is corrupt", e);
        }
        if (done != out.length) {
            throw new IOException(file + ": object at " + offset + " inflates to " + done + " bytes, not " + size);
        }
        return out;
    }

    /** A view of the file from {@code offset} (its position) holding at least {@code want} bytes, or to the end. */
    private ByteBuffer at(long offset, int want) throws IOException {
        if (offset < 0 || offset >= length) {
            throw new IOException(file + ": offset " + offset + " is outside the pack");
        }
        long end = Math.min(length, offset + want);
        if (window == null || offset < windowStart || end > windowStart + window.capacity()) {
            // a pack that fits is mapped whole; a larger one in windows starting on half-window bounds, so an
            // access that starts in a window's first half always fits in it
            long start = length <= WINDOW ? 0 : offset & -(WINDOW / 2);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                window = ch.map(FileChannel.MapMode.READ_ONLY, start, Math.min(WINDOW, length - start));
            }
            windowStart = start;
        }
        return window.duplicate().position((int) (offset - windowStart));
    }

    @Override
    public void close() {
        inflater.end();
    }
}
