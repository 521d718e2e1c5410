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
import java.util.Optional;

/**
 * A folder listing straight from Linux: {@code getdents64} for the names and their types, {@code statx}
 * relative to the open folder for the stat data, both into reused Java arrays (the foreign-function API's
 * critical calls may read and write the heap). java.nio gives the same answers at a higher cost per entry: a
 * path object and an attributes object filled field by field through JNI for each one, and an lstat for
 * every entry, folders and untracked files included.
 *
 * <p>All four system calls go through the C library's {@code syscall} with one shape of arguments: each
 * downcall handle costs a cold JVM several milliseconds to make (its stub and method handles are spun at run
 * time, and no start-up cache keeps them), so one handle instead of four halves the cost of setting up
 * (43 to about 25 ms, measured alone). System call numbers differ by architecture: x86-64 and the generic
 * table (aarch64, riscv64) are known.
 *
 * <p>The jar is built for Java 17, so the API (final in Java 22) is reached through method handles looked up
 * at class initialisation; {@link #AVAILABLE} is false on older JVMs, on other systems and architectures, and
 * where the JVM was not given native access ({@code Enable-Native-Access} in the jar's manifest grants it to
 * {@code java -jar}), so that no run prints the JVM's warning about it. A folder that cannot be opened this
 * way is listed through java.nio, which then names the error.
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

    /** The system call numbers of openat, getdents64, statx and close on this architecture, or null. */
    private static final long[] CALLS = calls(System.getProperty("os.arch", ""));
    private static final int OPENAT = 0;
    private static final int GETDENTS64 = 1;
    private static final int STATX = 2;
    private static final int CLOSE = 3;
    /** An argument the call does not read. */
    private static final byte[] UNUSED = new byte[8];

    /** syscall(long number, long a, byte[] b, long bOffset, long c, long d, byte[] e) -> long; b and e by address. */
    private static final MethodHandle SYSCALL = CALLS == null ? null : handle();
    static final boolean AVAILABLE = SYSCALL != null;

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
            fd = (int) call(OPENAT, AT_FDCWD, path, 0, O_RDONLY_DIRECTORY_CLOEXEC, 0, UNUSED);
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
            at += reclen;
            if (!dots(nameAt, end - nameAt)) {
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
            n = call(GETDENTS64, fd, dirents, 0, dirents.length, 0, UNUSED);
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
                r = (int) call(STATX, fd, dirents, nameAt, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, statx);
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
            call(CLOSE, fd, UNUSED, 0, 0, 0, UNUSED);
        } catch (Throwable t) {
            throw rethrown(t);
        }
        BUFFERS.set(buffers);
    }

    private static long call(int which, long a, byte[] b, long bOffset, long c, long d, byte[] e) throws Throwable {
        return (long) SYSCALL.invokeExact(CALLS[which], a, b, bOffset, c, d, e);
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

    /** openat, getdents64, statx and close: x86-64's numbers, or the generic table's (aarch64, riscv64). */
    private static long[] calls(String arch) {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
            return null;
        }
        return switch (arch) {
            case "amd64", "x86_64" -> new long[] {257, 217, 332, 3};
            case "aarch64", "riscv64" -> new long[] {56, 61, 291, 57};
            default -> null;
        };
    }

    /** The syscall handle, or null where it cannot be had (see the class comment). */
    private static MethodHandle handle() {
        try {
            Method nativeAccess = Module.class.getMethod("isNativeAccessEnabled");
            if (!(boolean) nativeAccess.invoke(NativeListing.class.getModule())) {
                return null;
            }
            return Foreign.syscall();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // before Java 22, or a C library without syscall
        }
    }

    /** The foreign-function API, reached reflectively so that the class files stay Java 17's. */
    private static final class Foreign {
        private Foreign() {
        }

        /** A critical downcall handle (no upcalls, heap arrays allowed) for syscall, taking byte arrays for pointers. */
        static MethodHandle syscall() throws ReflectiveOperationException {
            Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
            Class<?> layout = Class.forName("java.lang.foreign.MemoryLayout");
            Class<?> linkerClass = Class.forName("java.lang.foreign.Linker");
            Class<?> option = Class.forName("java.lang.foreign.Linker$Option");
            Class<?> values = Class.forName("java.lang.foreign.ValueLayout");
            Class<?> descriptor = Class.forName("java.lang.foreign.FunctionDescriptor");
            Object linker = linkerClass.getMethod("nativeLinker").invoke(null);
            Object lookup = linkerClass.getMethod("defaultLookup").invoke(linker);
            Object address = ((Optional<?>) Class.forName("java.lang.foreign.SymbolLookup").getMethod("find", String.class)
                    .invoke(lookup, "syscall")).orElseThrow(() -> new NoSuchMethodException("syscall"));
            Object i64 = values.getField("JAVA_LONG").get(null);
            Object ptr = values.getField("ADDRESS").get(null);
            Object args = Array.newInstance(layout, 6);
            Object[] shape = {i64, i64, ptr, i64, i64, ptr};
            for (int i = 0; i < shape.length; i++) {
                Array.set(args, i, shape[i]);
            }
            Object d = descriptor.getMethod("of", layout, args.getClass()).invoke(null, i64, args);
            Object options = Array.newInstance(option, 2);
            Array.set(options, 0, option.getMethod("firstVariadicArg", int.class).invoke(null, 1));
            Array.set(options, 1, option.getMethod("critical", boolean.class).invoke(null, true));
            MethodHandle raw = (MethodHandle) linkerClass.getMethod("downcallHandle", segment, descriptor, options.getClass())
                    .invoke(linker, address, d, options);
            MethodHandles.Lookup publicLookup = MethodHandles.publicLookup();
            MethodHandle ofArray = publicLookup.findStatic(segment, "ofArray", MethodType.methodType(segment, byte[].class));
            MethodHandle slice = MethodHandles.filterArguments(
                    publicLookup.findVirtual(segment, "asSlice", MethodType.methodType(segment, long.class)), 0, ofArray);
            MethodHandle h = MethodHandles.filterArguments(MethodHandles.collectArguments(raw, 2, slice), 6, ofArray);
            return h.asType(MethodType.methodType(long.class, long.class, long.class, byte[].class, long.class, long.class,
                    long.class, byte[].class));
        }
    }
}
