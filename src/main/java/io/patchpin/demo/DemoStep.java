package io.patchpin.demo;

import java.util.List;

/**
 * One step of the demo: what it shows, the patchpin arguments, and the exit
 * codes that step is expected to give.
 */
public record DemoStep(String title, List<String> args, List<Integer> expected) {
    public DemoStep {
        args = List.copyOf(args);
        expected = List.copyOf(expected);
    }
}
