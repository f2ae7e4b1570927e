package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ClientSkills;
import io.mcphost.client.LoadedSkill;
import io.mcphost.client.SkillVerificationException;
import io.mcphost.client.SkillVerificationException.Kind;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.skills.GetSkillResult;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.skills.SkillResource;
import io.mcphost.protocol.skills.SkillsProtocol;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The Skills extension seen from one client. Era-neutral: both eras keep the server's raw capabilities
 * ({@code initialize} or {@code server/discover}), where the extension is announced the same way, and
 * the methods are plain requests in either. Files go through {@link Operations#readResource} of this
 * same client, so a loaded skill's reads never leave its server. Thread-safe and stateless.
 */
final class Skills implements ClientSkills {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Exchange exchange;
    private final Operations operations;

    Skills(Exchange exchange, Operations operations) {
        this.exchange = exchange;
        this.operations = operations;
    }

    private JsonNode settings() {
        return exchange.session().capabilitiesJson().path("extensions").path(SkillsProtocol.EXTENSION_ID);
    }

    @Override
    public boolean isOffered() {
        return settings().isObject();
    }

    @Override
    public boolean directoryRead() {
        return settings().path(SkillsProtocol.DIRECTORY_READ).asBoolean(false);
    }

    private void requireExtension(String method) {
        if (!isOffered()) {
            throw new McpCapabilityException(exchange.name(), method + " needs the server capability 'extensions."
                    + SkillsProtocol.EXTENSION_ID + "', which this server did not announce");
        }
    }

    @Override
    public List<Skill> list() {
        requireExtension(McpMethod.SKILLS_LIST);
        return exchange.await(Paging.all(exchange, McpMethod.SKILLS_LIST, "skills", Skill.class));
    }

    @Override
    public Skill get(String skillUri) {
        Objects.requireNonNull(skillUri, "skillUri");
        requireExtension(McpMethod.SKILLS_GET);
        ObjectNode params = CODEC.newObject().put("uri", skillUri);
        return exchange.await(exchange.send(McpMethod.SKILLS_GET, params, CallOptions.defaults(),
                result -> CODEC.treeToValue(result, GetSkillResult.class).skill()));
    }

    @Override
    public List<Resource> readDirectory(String directoryUri) {
        Objects.requireNonNull(directoryUri, "directoryUri");
        requireExtension(McpMethod.RESOURCES_DIRECTORY_READ);
        if (!directoryRead()) {
            throw new McpCapabilityException(exchange.name(), McpMethod.RESOURCES_DIRECTORY_READ + " needs 'extensions."
                    + SkillsProtocol.EXTENSION_ID + "." + SkillsProtocol.DIRECTORY_READ + ": true', which this server did not announce");
        }
        return exchange.await(Paging.all(exchange, McpMethod.RESOURCES_DIRECTORY_READ,
                CODEC.newObject().put("uri", directoryUri), "resources", Resource.class));
    }

    @Override
    public LoadedSkill load(Skill skill) {
        Objects.requireNonNull(skill, "skill");
        requireExtension("loading a skill");
        Map<String, SkillResource> manifest = SkillVerifier.manifest(exchange.name(), skill);
        byte[] bytes = read(manifest.get(skill.uri()));
        String text = utf8(skill.uri(), bytes);
        SkillVerifier.checkFrontmatter(exchange.name(), skill, text);
        return new Loaded(skill, manifest, text);
    }

    /** One listed file, verified against its listing before it is returned. */
    private byte[] read(SkillResource file) {
        return SkillVerifier.verified(exchange.name(), file, exchange.await(operations.readResource(file.uri(), CallOptions.defaults())));
    }

    /** The SKILL.md is markdown: bytes that are not UTF-8 cannot carry the frontmatter the entry lists. */
    private String utf8(String uri, byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new SkillVerificationException(exchange.name(), Kind.FRONTMATTER, uri, "skill '" + uri + "' is not loaded: its "
                    + SkillsProtocol.SKILL_FILE + " is not UTF-8 text");
        }
    }

    /** A loaded skill: the entry as held at load, and reads bound to this client. */
    private final class Loaded implements LoadedSkill {
        private final Skill entry;
        private final Map<String, SkillResource> manifest;
        private final String instructions;

        Loaded(Skill entry, Map<String, SkillResource> manifest, String instructions) {
            this.entry = entry;
            this.manifest = manifest;
            this.instructions = instructions;
        }

        @Override
        public Skill entry() {
            return entry;
        }

        @Override
        public String instructions() {
            return instructions;
        }

        @Override
        public byte[] file(String uriOrRelativePath) {
            Objects.requireNonNull(uriOrRelativePath, "uriOrRelativePath");
            SkillResource file = manifest.get(uriOrRelativePath);
            if (file == null) {
                file = manifest.get(entry.directory() + "/" + uriOrRelativePath);
            }
            if (file == null) {
                throw new SkillVerificationException(exchange.name(), Kind.UNLISTED, uriOrRelativePath, "skill '" + entry.uri()
                        + "' does not list '" + uriOrRelativePath + "'; an unlisted file is never read");
            }
            return read(file);
        }

        @Override
        public String toString() {
            return "LoadedSkill[" + entry.uri() + ", " + manifest.size() + " files]";
        }
    }
}
