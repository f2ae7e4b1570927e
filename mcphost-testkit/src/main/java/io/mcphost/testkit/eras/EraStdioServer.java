package io.mcphost.testkit.eras;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * An era test server on stdio, run as a child process: {@code main(mode)} reads JSON-RPC lines from
 * stdin and answers with {@link EraScript}. {@link #command(EraMode)} builds its command line.
 */
public final class EraStdioServer {
    private EraStdioServer() {
    }

    /** The command line of a server playing {@code mode}: this JVM's java and class path. */
    public static List<String> command(EraMode mode) {
        List<String> line = new ArrayList<>();
        line.add(ProcessHandle.current().info().command().orElse("java"));
        String classPath = System.getProperty("java.class.path", "");
        String modulePath = System.getProperty("jdk.module.path", "");
        line.add("-cp");
        line.add(modulePath.isEmpty() ? classPath : classPath.isEmpty() ? modulePath : classPath + File.pathSeparator + modulePath);
        line.addAll(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m"));
        line.add(EraStdioServer.class.getName());
        line.add(mode.name());
        return List.copyOf(line);
    }

    public static void main(String[] args) throws Exception {
        EraScript script = new EraScript(EraMode.valueOf(args[0]));
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            JsonNode request;
            try {
                request = EraScript.JSON.readTree(line);
            } catch (RuntimeException e) {
                continue;
            }
            if (script.mode() == EraMode.LEGACY_STDERR_FLOOD && request.path("method").asString("").equals("server/discover")) {
                String noise = "stderr noise ".repeat(80);
                for (int i = 0; i < 5_000; i++) { // ~5 MB: far more than any pipe buffer
                    System.err.println(noise);
                }
            }
            switch (script.handle(request)) {
                case EraScript.Reply.Answer a -> out.println(EraScript.JSON.writeValueAsString(a.message()));
                case EraScript.Reply.Junk j -> out.println(j.line());
                case EraScript.Reply.Silence s -> { }
                case EraScript.Reply.Listen l -> {
                    out.println(EraScript.JSON.writeValueAsString(l.ack()));
                    script.listen(l, n -> out.println(EraScript.JSON.writeValueAsString(n)));
                }
            }
        }
    }
}
