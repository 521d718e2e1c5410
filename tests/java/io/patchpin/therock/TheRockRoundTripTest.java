package io.patchpin.therock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Defect: {@code export --format therock} dropped the mail's Date, body and trailers and renumbered the files,
 * so importing TheRock's own folder and exporting it again did not give it back. Now it does, byte for byte,
 * with the entries sealed against the objects (TheRock's real folders, whose objects are mostly not at hand,
 * go through the unsealed path; the note gives those numbers).
 */
class TheRockRoundTripTest {
    @TempDir
    Path tmp;

    @Test
    void importThenExportGivesTheFolderBackByteForByte() throws IOException {
        TheRockLayout layout = TheRockLayout.create(tmp);
        Repo ws = layout.cloneWorkTree("ws");
        Path from = ws.dir().resolve("patches/amd-mainline");
        Path set = tmp.resolve("patchsets/mainline");
        ok("new", set, "--repo", ws.dir());
        ok("import", set, "--repo", ws.dir(), "--from", from);
        for (String format : new String[] {"therock", "quilt"}) {
            Path out = tmp.resolve("out-" + format);
            ok("export", set, "--repo", ws.dir(), "--format", format, "-o", out);
            Map<String, byte[]> back = files(out);
            if (format.equals("quilt")) {
                assertThat(new String(back.remove("llvm-project/series"), StandardCharsets.UTF_8))
                        .isEqualTo(String.join(
                                "",
                                layout.patchNames.stream()
                                        .map(n -> n + " -p1\n")
                                        .toList()));
            }
            assertThat(back).as(format).usingRecursiveComparison().isEqualTo(files(from));
        }
        Path again = tmp.resolve("patchsets/again");
        ok("new", again, "--repo", ws.dir());
        ok("import", again, "--repo", ws.dir(), "--from", tmp.resolve("out-therock"));
        ok("export", again, "--repo", ws.dir(), "--format", "therock", "-o", tmp.resolve("out-2"));
        assertThat(files(tmp.resolve("out-2"))).usingRecursiveComparison().isEqualTo(files(from));
    }

    private static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(p).toString(), Files.readAllBytes(p));
            }
        }
        return out;
    }
}
