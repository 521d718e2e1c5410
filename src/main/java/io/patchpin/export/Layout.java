package io.patchpin.export;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One distro format: the files it writes for a tree of exported entries, by path relative to OUT. */
interface Layout {
    Map<String, byte[]> files(Tree tree);

    static byte[] concat(String header, byte[] diff) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(header.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(diff);
        return out.toByteArray();
    }
}
