package io.patchpin.archive;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Base64;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;

/**
 * An independent NAR encoder over a directory on disk, written from Nix's
 * format description, to check the one that reads git objects.
 */
final class TestNar {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    static byte[] of(Path dir) throws IOException {
        TestNar n = new TestNar();
        n.s("nix-archive-1");
        n.node(dir);
        return n.out.toByteArray();
    }

    static String sri(byte[] nar) {
        try {
            return "sha256-"
                    + Base64.getEncoder()
                            .encodeToString(MessageDigest.getInstance("SHA-256").digest(nar));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A readable listing of a NAR (one line per node), for assertion messages. */
    static String listing(byte[] nar) {
        ByteBuffer b = ByteBuffer.wrap(nar).order(ByteOrder.LITTLE_ENDIAN);
        StringBuilder out = new StringBuilder();
        Deque<String> path = new ArrayDeque<>();
        String last = "";
        while (b.remaining() >= 8) {
            int n = (int) b.getLong();
            byte[] v = new byte[n];
            b.get(v);
            b.position(b.position() + (8 - n % 8) % 8);
            String t = new String(v, StandardCharsets.UTF_8);
            if (last.equals("name")) {
                path.addLast(t);
            } else if (last.equals("type")) {
                out.append(String.join("/", path)).append(' ').append(t);
            } else if (last.equals("contents")) {
                out.append(" ").append(n).append(" bytes");
            } else if (last.equals("target")) {
                out.append(" -> ").append(t);
            } else if (t.equals("executable")) {
                out.append(" +x");
            } else if (t.equals(")") && last.equals(")") && !path.isEmpty()) {
                path.removeLast();
            }
            if (t.equals("(") && last.equals("node") || t.equals(")") && !last.equals(")")) {
                out.append('\n');
            }
            last = t;
        }
        return out.toString();
    }

    private void node(Path p) throws IOException {
        s("(");
        s("type");
        if (Files.isSymbolicLink(p)) {
            s("symlink");
            s("target");
            b(Files.readSymbolicLink(p).toString().getBytes(StandardCharsets.UTF_8));
        } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            s("directory");
            List<Path> kids;
            try (Stream<Path> st = Files.list(p)) {
                kids = st.sorted((x, y) -> Arrays.compareUnsigned(name(x), name(y)))
                        .toList();
            }
            for (Path k : kids) {
                s("entry");
                s("(");
                s("name");
                b(name(k));
                s("node");
                node(k);
                s(")");
            }
        } else {
            s("regular");
            if (Files.getPosixFilePermissions(p).contains(PosixFilePermission.OWNER_EXECUTE)) {
                s("executable");
                s("");
            }
            s("contents");
            b(Files.readAllBytes(p));
        }
        s(")");
    }

    private static byte[] name(Path p) {
        return p.getFileName().toString().getBytes(StandardCharsets.UTF_8);
    }

    private void s(String text) {
        b(text.getBytes(StandardCharsets.UTF_8));
    }

    private void b(byte[] bytes) {
        long n = bytes.length;
        for (int i = 0; i < 8; i++) {
            out.write((int) (n >>> (8 * i)) & 0xff);
        }
        out.writeBytes(bytes);
        out.write(new byte[(int) ((8 - n % 8) % 8)], 0, (int) ((8 - n % 8) % 8));
    }
}
