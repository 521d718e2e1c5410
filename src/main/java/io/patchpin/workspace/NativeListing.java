package io.patchpin.workspace;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Arrays;
import java.util.Locale;

/**
 * A folder listing straight from Linux: {@code getdents64} for the names and their types, {@code statx}
 * relative to the open folder for the stat data, both into reused Java arrays (the foreign-function API's
 * critical calls may read and write the heap). java.nio gives the same answers at about twice the cost per
 * entry: a path object and an attributes object filled field by field through JNI for each one, and an lstat
 * for every entry, folders and untracked files included.
 *
 * <p>The jar is built for Java 17, so the API (final in Java 22) is reached through method handles looked up
 * at class initialisation; {@link #AVAILABLE} is false on older JVMs, on other systems, where the C library
 * lacks a function, and where the JVM was not given native access ({@code Enable-Native-Access} in the jar's
 * manifest grants it to {@code java -jar}), so that no run prints the JVM's warning about it. A folder that
 * cannot be opened this way is listed through java.nio, which then names the error.
 */
final class NativeListing implements FolderListing {
    private static final int AT_FDCWD = -100;
    private static final int O_RDONLY_DIRECTORY_CLOEXEC = 0x10000 | 0x80000;
    private static final int AT_SYMLINK_NOFOLLOW = 0x100;
    private static final int STATX_BASIC_STATS = 0x7ff;
    private static final int DT_UNKNOWN = 0;
    private static final int DT_DIR = 4;
    private static final int DIRENTS = 1 << 15;
    private static final int STATX_SIZE = 256;
    private static final Charset PATHS = pathCharset();

    /** (int dirfd, byte[] path, int flags) -> int fd */
    private static final MethodHandle OPENAT;
    /** (int fd, byte[] buffer, long size) -> long bytes */
    private static final MethodHandle GETDENTS64;
    /** (int dirfd, byte[] names, long at, int flags, int mask, byte[] statx) -> int */
    private static final MethodHandle STATX;
    /** (int fd) -> int */
    private static final MethodHandle CLOSE;
    static final boolean AVAILABLE;

    static {
        MethodHandle[] h = handles();
        OPENAT = h == null ? null : h[0];
        GETDENTS64 = h == null ? null : h[1];
        STATX = h == null ? null : h[2];
        CLOSE = h == null ? null : h[3];
        AVAILABLE = h != null;
    }

    /** A reading thread's buffers, taken while a listing is open (a second listing on that thread gets its own). */
    private static final ThreadLocal<byte[][]> BUFFERS = new ThreadLocal<>();

    private final Path dir;
    private final int fd;
    private final byte[][] buffers;
    private final byte[] dirents;
    private final byte[] statx;
    private int filled;
    private int at;
    private int nameAt;
    private int nameLength;
    private int type;
    private byte[] name;
    private Lstat stat;
    private boolean ended;

    private NativeListing(Path dir, int fd, byte[][] buffers) {
        this.dir = dir;
        this.fd = fd;
        this.buffers = buffers;
        this.dirents = buffers[0];
        this.statx = buffers[1];
    }

    static FolderListing open(Path dir) throws IOException {
        byte[] path = (dir.toAbsolutePath().toString() + '\0').getBytes(PATHS);
        int fd;
        try {
            fd = (int) OPENAT.invokeExact(AT_FDCWD, path, O_RDONLY_DIRECTORY_CLOEXEC);
        } catch (Throwable t) {
            throw rethrown(t);
        }
        if (fd < 0) {
            return new NioListing(dir); // which names the error, or lists what has appeared since
        }
        byte[][] buffers = BUFFERS.get();
        BUFFERS.set(null);
        return new NativeListing(dir, fd, buffers != null ? buffers : new byte[][] {new byte[DIRENTS], new byte[STATX_SIZE]});
    }

    @Override
    public boolean next() throws IOException {
        while (true) {
            if (at >= filled && !fill()) {
                return false;
            }
            int reclen = uint16(dirents, at + 16);
            type = dirents[at + 18];
            nameAt = at + 19;
            int end = nameAt;
            while (dirents[end] != 0) {
                end++;
            }
            nameLength = end - nameAt;
            at += reclen;
            if (!dots(nameAt, nameLength)) {
                name = Arrays.copyOfRange(dirents, nameAt, end);
                stat = null;
                return true;
            }
        }
    }

    private boolean fill() throws IOException {
        if (ended) {
            return false;
        }
        long n;
        try {
            n = (long) GETDENTS64.invokeExact(fd, dirents, (long) dirents.length);
        } catch (Throwable t) {
            throw rethrown(t);
        }
        if (n < 0) {
            throw new IOException("cannot read the folder " + dir);
        }
        ended = n == 0;
        filled = (int) n;
        at = 0;
        return !ended;
    }

    private boolean dots(int from, int length) {
        return dirents[from] == '.' && (length == 1 || length == 2 && dirents[from + 1] == '.');
    }

    @Override
    public byte[] name() {
        return name;
    }

    @Override
    public Path path() {
        return dir.resolve(new String(name, PATHS));
    }

    @Override
    public boolean isFolder() throws IOException {
        return type == DT_UNKNOWN ? lstat().isFolder() : type == DT_DIR;
    }

    @Override
    public Lstat lstat() throws IOException {
        if (stat == null) {
            int r;
            try {
                r = (int) STATX.invokeExact(fd, dirents, (long) nameAt, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, statx);
            } catch (Throwable t) {
                throw rethrown(t);
            }
            // on failure java.nio names the error (or sees what replaced the entry since)
            stat = r == 0 ? fromStatx() : Lstat.of(Files.readAttributes(path(), PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        }
        return stat;
    }

    /** struct statx: stx_mode (u16) at 28, stx_size at 40, stx_mtime's tv_sec (i64) at 112 and tv_nsec (u32) at 120. */
    private Lstat fromStatx() {
        int mode = uint16(statx, 28);
        Lstat.Kind kind = Lstat.kindOf(mode);
        long nanos = int64(statx, 112) * 1_000_000_000L + (int32(statx, 120) & 0xffffffffL);
        return new Lstat(kind, kind == Lstat.Kind.FILE && (mode & 0100) != 0, int64(statx, 40), nanos);
    }

    @Override
    public void close() {
        try {
            int ignored = (int) CLOSE.invokeExact(fd);
        } catch (Throwable t) {
            throw rethrown(t);
        }
        BUFFERS.set(buffers);
    }

    private static int uint16(byte[] b, int i) {
        return (b[i] & 0xff) | (b[i + 1] & 0xff) << 8;
    }

    private static int int32(byte[] b, int i) {
        return uint16(b, i) | uint16(b, i + 2) << 16;
    }

    private static long int64(byte[] b, int i) {
        return (int32(b, i) & 0xffffffffL) | (long) int32(b, i + 4) << 32;
    }

    private static RuntimeException rethrown(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }

    private static Charset pathCharset() {
        try {
            return Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }

    /** The four downcall handles, or null where they cannot be had (see the class comment). */
    private static MethodHandle[] handles() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
            return null;
        }
        try {
            Method nativeAccess = Module.class.getMethod("isNativeAccessEnabled");
            if (!(boolean) nativeAccess.invoke(NativeListing.class.getModule())) {
                return null;
            }
            return Foreign.handles();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // before Java 22, or a C library without one of the functions
        }
    }

    /** The foreign-function API, reached reflectively so that the class files stay Java 17's. */
    private static final class Foreign {
        private final Class<?> segment;
        private final Class<?> layout;
        private final Class<?> linkerClass;
        private final Class<?> option;
        private final Object linker;
        private final Object lookup;
        private final Object critical;
        private final MethodHandles.Lookup publicLookup = MethodHandles.publicLookup();

        private Foreign() throws ReflectiveOperationException {
            segment = Class.forName("java.lang.foreign.MemorySegment");
            layout = Class.forName("java.lang.foreign.MemoryLayout");
            linkerClass = Class.forName("java.lang.foreign.Linker");
            linker = linkerClass.getMethod("nativeLinker").invoke(null);
            lookup = linkerClass.getMethod("defaultLookup").invoke(linker);
            option = Class.forName("java.lang.foreign.Linker$Option");
            critical = option.getMethod("critical", boolean.class).invoke(null, true);
        }

        static MethodHandle[] handles() throws ReflectiveOperationException {
            Foreign f = new Foreign();
            Object i32 = f.value("JAVA_INT");
            Object i64 = f.value("JAVA_LONG");
            Object ptr = f.value("ADDRESS");
            MethodHandle ofArray = f.publicLookup.findStatic(f.segment, "ofArray", MethodType.methodType(f.segment, byte[].class));
            MethodHandle slice = MethodHandles.filterArguments(
                    f.publicLookup.findVirtual(f.segment, "asSlice", MethodType.methodType(f.segment, long.class)), 0, ofArray);
            MethodHandle openat = MethodHandles.filterArguments(f.downcall("openat", i32, i32, ptr, i32), 1, ofArray);
            MethodHandle getdents = MethodHandles.filterArguments(f.downcall("getdents64", i64, i32, ptr, i64), 1, ofArray);
            MethodHandle statx = MethodHandles.filterArguments(
                    MethodHandles.collectArguments(f.downcall("statx", i32, i32, ptr, i32, i32, ptr), 1, slice), 5, ofArray);
            MethodHandle close = f.downcall("close", i32, i32);
            return new MethodHandle[] {
                openat.asType(MethodType.methodType(int.class, int.class, byte[].class, int.class)),
                getdents.asType(MethodType.methodType(long.class, int.class, byte[].class, long.class)),
                statx.asType(MethodType.methodType(int.class, int.class, byte[].class, long.class, int.class, int.class, byte[].class)),
                close.asType(MethodType.methodType(int.class, int.class))};
        }

        private Object value(String name) throws ReflectiveOperationException {
            return Class.forName("java.lang.foreign.ValueLayout").getField(name).get(null);
        }

        /** A critical downcall handle for the C function {@code name}: no upcalls, heap arrays allowed. */
        private MethodHandle downcall(String name, Object result, Object... args) throws ReflectiveOperationException {
            Object symbol = Class.forName("java.lang.foreign.SymbolLookup").getMethod("find", String.class).invoke(lookup, name);
            Object address = ((java.util.Optional<?>) symbol).orElseThrow(() -> new NoSuchMethodException(name));
            Class<?> descriptor = Class.forName("java.lang.foreign.FunctionDescriptor");
            Object layouts = Array.newInstance(layout, args.length);
            for (int i = 0; i < args.length; i++) {
                Array.set(layouts, i, args[i]);
            }
            Object d = descriptor.getMethod("of", layout, layouts.getClass()).invoke(null, result, layouts);
            Object options = Array.newInstance(option, 1);
            Array.set(options, 0, critical);
            Method downcall = linkerClass.getMethod("downcallHandle", segment, descriptor, options.getClass());
            return (MethodHandle) downcall.invoke(linker, address, d, options);
        }
    }
}
