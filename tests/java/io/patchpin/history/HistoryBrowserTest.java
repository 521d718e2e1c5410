package io.patchpin.history;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.DriftingAnchor;
import io.patchpin.testkit.WorkTree;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history page in a real browser: headless Chromium loads it with no
 * console message, its DOM holds one cell per run of equal verdicts, and the
 * screenshot shows the verdict colours. Skipped when Chromium is not installed.
 */
class HistoryBrowserTest {
    @TempDir
    Path tmp;

    @Test
    void chromiumRendersThePageWithoutConsoleErrors() throws Exception {
        Optional<Path> browser = chromium();
        assumeTrue(browser.isPresent(), "chromium is not installed");
        DriftingAnchor s = DriftingAnchor.create(tmp.resolve("ws"), 9);
        try (WorkTree ex = s.ex()) {
            Path html = tmp.resolve("history.html");
            Cli.Run r = s.history("--from", "HEAD~9", "--to", "HEAD", "--format", "html", "-o", html);
            assertThat(r.exit()).as(r.err()).isEqualTo(1);

            // One load gives the page's DOM, its screenshot and its console. A script planted after the page shows
            // the harness sees console messages: the page's policy (no script) refuses it, and says so on the
            // console; that must be the only message.
            Path planted = tmp.resolve("history-planted.html");
            Files.writeString(
                    planted,
                    Files.readString(html, StandardCharsets.UTF_8) + "<script>console.error('boom')</script>\n",
                    StandardCharsets.UTF_8);
            Path png = tmp.resolve("history.png");
            Result page = run(browser.get(), planted, "--dump-dom", "--screenshot=" + png);
            assertThat(consoleLines(page.err()))
                    .as(page.err())
                    .singleElement()
                    .asString()
                    .contains("Content Security Policy")
                    .contains("history-planted.html");
            assertThat(HistoryCommandTest.count(page.out(), "<rect class=\"cell "))
                    .isEqualTo(HistoryCommandTest.runs(s, "HEAD~9"));
            assertThat(page.out()).contains("</svg>");
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(colours(image)).contains(0x2da44e, 0xe3a008, 0xcf222e);
        }
    }

    private record Result(String out, String err) {}

    private Result run(Path browser, Path page, String... what) throws IOException, InterruptedException {
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        List<String> cmd = new ArrayList<>(List.of(
                browser.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--hide-scrollbars",
                "--enable-logging=stderr",
                "--v=0",
                "--window-size=1000,500",
                "--user-data-dir=" + Files.createTempDirectory(tmp, "profile")));
        cmd.addAll(List.of(what));
        cmd.add(page.toUri().toString());
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 180 s");
        }
        return new Result(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** Chromium logs every console message of the page as a CONSOLE line on stderr. */
    private static List<String> consoleLines(String stderr) {
        return stderr.lines()
                .filter(l -> l.contains(":CONSOLE") || l.contains("Refused to"))
                .toList();
    }

    private static Set<Integer> colours(BufferedImage image) {
        Set<Integer> out = new TreeSet<>();
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                out.add(image.getRGB(x, y) & 0xffffff);
            }
        }
        return out;
    }

    private static Optional<Path> chromium() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Stream.of(path.split(File.pathSeparator))
                .flatMap(d -> Stream.of(Path.of(d, "chromium"), Path.of(d, "chromium-browser")))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
