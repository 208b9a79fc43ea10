/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const wuwamap = $root.wuwamap = (() => {

    /**
     * Namespace wuwamap.
     * @exports wuwamap
     * @namespace
     */
    const wuwamap = {};

    wuwamap.Any = (function() {

        /**
         * Properties of an Any.
         * @typedef {Object} wuwamap.Any.$Properties
         * @property {string|null} [type_url] Any type_url
         * @property {Uint8Array|null} [value] Any value
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of an Any.
         * @memberof wuwamap
         * @interface IAny
         * @augments wuwamap.Any.$Properties
         * @deprecated Use wuwamap.Any.$Properties instead.
         */

        /**
         * Shape of an Any.
         * @typedef {wuwamap.Any.$Properties} wuwamap.Any.$Shape
         */

        /**
         * Constructs a new Any.
         * @memberof wuwamap
         * @classdesc Represents an Any.
         * @constructor
         * @param {wuwamap.Any.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const Any = function (properties) {
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * Any type_url.
         * @member {string} type_url
         * @memberof wuwamap.Any
         * @instance
         */
        Any.prototype.type_url = "";

        /**
         * Any value.
         * @member {Uint8Array} value
         * @memberof wuwamap.Any
         * @instance
         */
        Any.prototype.value = $util.newBuffer([]);

        /**
         * Creates a new Any instance using the specified properties.
         * @function create
         * @memberof wuwamap.Any
         * @static
         * @param {wuwamap.Any.$Properties=} [properties] Properties to set
         * @returns {wuwamap.Any} Any instance
         * @type {{
         *   (properties: wuwamap.Any.$Shape): wuwamap.Any & wuwamap.Any.$Shape;
         *   (properties?: wuwamap.Any.$Properties): wuwamap.Any;
         * }}
         */
        Any.create = function(properties) {
            return new Any(properties);
        };

        /**
         * Encodes the specified Any message. Does not implicitly {@link wuwamap.Any.verify|verify} messages.
         * @function encode
         * @memberof wuwamap.Any
         * @static
         * @param {wuwamap.Any.$Properties} message Any message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        Any.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.type_url != null && $Object.hasOwnProperty.call(message, "type_url") && message.type_url !== "")
                writer.uint32(/* id 1, wireType 2 =*/10).string(message.type_url);
            if (message.value != null && $Object.hasOwnProperty.call(message, "value") && message.value.length)
                writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.value);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes an Any message from the specified reader or buffer.
         * @function decode
         * @memberof wuwamap.Any
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {wuwamap.Any & wuwamap.Any.$Shape} Any
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        Any.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.wuwamap.Any();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.type_url = value;
                        else
                            delete message.type_url;
                        continue;
                    }
                case 2: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.bytes()).length)
                            message.value = value;
                        else
                            delete message.value;
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        /**
         * Gets the type url for Any
         * @function getTypeUrl
         * @memberof wuwamap.Any
         * @static
         * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns {string} The type url
         */
        Any.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/wuwamap.Any";
        };

        return Any;
    })();

    wuwamap.Error = (function() {

        /**
         * Properties of an Error.
         * @typedef {Object} wuwamap.Error.$Properties
         * @property {string|null} [message] Error message
         * @property {string|null} [messageTranslated] Error messageTranslated
         * @property {string|null} [errClazz] Error errClazz
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of an Error.
         * @memberof wuwamap
         * @interface IError
         * @augments wuwamap.Error.$Properties
         * @deprecated Use wuwamap.Error.$Properties instead.
         */

        /**
         * Shape of an Error.
         * @typedef {wuwamap.Error.$Properties} wuwamap.Error.$Shape
         */

        /**
         * Constructs a new Error.
         * @memberof wuwamap
         * @classdesc Represents an Error.
         * @constructor
         * @param {wuwamap.Error.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const Error = function (properties) {
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * Error message.
         * @member {string} message
         * @memberof wuwamap.Error
         * @instance
         */
        Error.prototype.message = "";

        /**
         * Error messageTranslated.
         * @member {string} messageTranslated
         * @memberof wuwamap.Error
         * @instance
         */
        Error.prototype.messageTranslated = "";

        /**
         * Error errClazz.
         * @member {string} errClazz
         * @memberof wuwamap.Error
         * @instance
         */
        Error.prototype.errClazz = "";

        /**
         * Creates a new Error instance using the specified properties.
         * @function create
         * @memberof wuwamap.Error
         * @static
         * @param {wuwamap.Error.$Properties=} [properties] Properties to set
         * @returns {wuwamap.Error} Error instance
         * @type {{
         *   (properties: wuwamap.Error.$Shape): wuwamap.Error & wuwamap.Error.$Shape;
         *   (properties?: wuwamap.Error.$Properties): wuwamap.Error;
         * }}
         */
        Error.create = function(properties) {
            return new Error(properties);
        };

        /**
         * Encodes the specified Error message. Does not implicitly {@link wuwamap.Error.verify|verify} messages.
         * @function encode
         * @memberof wuwamap.Error
         * @static
         * @param {wuwamap.Error.$Properties} message Error message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        Error.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.message != null && $Object.hasOwnProperty.call(message, "message") && message.message !== "")
                writer.uint32(/* id 1, wireType 2 =*/10).string(message.message);
            if (message.messageTranslated != null && $Object.hasOwnProperty.call(message, "messageTranslated") && message.messageTranslated !== "")
                writer.uint32(/* id 2, wireType 2 =*/18).string(message.messageTranslated);
            if (message.errClazz != null && $Object.hasOwnProperty.call(message, "errClazz") && message.errClazz !== "")
                writer.uint32(/* id 3, wireType 2 =*/26).string(message.errClazz);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes an Error message from the specified reader or buffer.
         * @function decode
         * @memberof wuwamap.Error
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {wuwamap.Error & wuwamap.Error.$Shape} Error
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        Error.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.wuwamap.Error();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.message = value;
                        else
                            delete message.message;
                        continue;
                    }
                case 2: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.messageTranslated = value;
                        else
                            delete message.messageTranslated;
                        continue;
                    }
                case 3: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.errClazz = value;
                        else
                            delete message.errClazz;
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        /**
         * Gets the type url for Error
         * @function getTypeUrl
         * @memberof wuwamap.Error
         * @static
         * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns {string} The type url
         */
        Error.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/wuwamap.Error";
        };

        return Error;
    })();

    wuwamap.Envelope = (function() {

        /**
         * Properties of an Envelope.
         * @typedef {Object} wuwamap.Envelope.$Properties
         * @property {number|null} [status] Envelope status
         * @property {wuwamap.Error.$Properties|null} [error] Envelope error
         * @property {wuwamap.Any.$Properties|null} [result] Envelope result
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of an Envelope.
         * @memberof wuwamap
         * @interface IEnvelope
         * @augments wuwamap.Envelope.$Properties
         * @deprecated Use wuwamap.Envelope.$Properties instead.
         */

        /**
         * Shape of an Envelope.
         * @typedef {wuwamap.Envelope.$Properties} wuwamap.Envelope.$Shape
         */

        /**
         * Constructs a new Envelope.
         * @memberof wuwamap
         * @classdesc Represents an Envelope.
         * @constructor
         * @param {wuwamap.Envelope.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const Envelope = function (properties) {
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * Envelope status.
         * @member {number} status
         * @memberof wuwamap.Envelope
         * @instance
         */
        Envelope.prototype.status = 0;

        /**
         * Envelope error.
         * @member {wuwamap.Error.$Properties|null|undefined} error
         * @memberof wuwamap.Envelope
         * @instance
         */
        Envelope.prototype.error = null;

        /**
         * Envelope result.
         * @member {wuwamap.Any.$Properties|null|undefined} result
         * @memberof wuwamap.Envelope
         * @instance
         */
        Envelope.prototype.result = null;

        /**
         * Creates a new Envelope instance using the specified properties.
         * @function create
         * @memberof wuwamap.Envelope
         * @static
         * @param {wuwamap.Envelope.$Properties=} [properties] Properties to set
         * @returns {wuwamap.Envelope} Envelope instance
         * @type {{
         *   (properties: wuwamap.Envelope.$Shape): wuwamap.Envelope & wuwamap.Envelope.$Shape;
         *   (properties?: wuwamap.Envelope.$Properties): wuwamap.Envelope;
         * }}
         */
        Envelope.create = function(properties) {
            return new Envelope(properties);
        };

        /**
         * Encodes the specified Envelope message. Does not implicitly {@link wuwamap.Envelope.verify|verify} messages.
         * @function encode
         * @memberof wuwamap.Envelope
         * @static
         * @param {wuwamap.Envelope.$Properties} message Envelope message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        Envelope.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.status != null && $Object.hasOwnProperty.call(message, "status") && message.status !== 0)
                writer.uint32(/* id 1, wireType 0 =*/8).int32(message.status);
            if (message.error != null && $Object.hasOwnProperty.call(message, "error"))
                $root.wuwamap.Error.encode(message.error, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
            if (message.result != null && $Object.hasOwnProperty.call(message, "result"))
                $root.wuwamap.Any.encode(message.result, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes an Envelope message from the specified reader or buffer.
         * @function decode
         * @memberof wuwamap.Envelope
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {wuwamap.Envelope & wuwamap.Envelope.$Shape} Envelope
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        Envelope.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.wuwamap.Envelope();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.status = value;
                        else
                            delete message.status;
                        continue;
                    }
                case 2: {
                        if (wireType !== 2)
                            break;
                        message.error = $root.wuwamap.Error.decode(reader, reader.size(), $undefined, _depth + 1, message.error);
                        continue;
                    }
                case 3: {
                        if (wireType !== 2)
                            break;
                        message.result = $root.wuwamap.Any.decode(reader, reader.size(), $undefined, _depth + 1, message.result);
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        /**
         * Gets the type url for Envelope
         * @function getTypeUrl
         * @memberof wuwamap.Envelope
         * @static
         * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns {string} The type url
         */
        Envelope.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/wuwamap.Envelope";
        };

        return Envelope;
    })();

    wuwamap.Tag = (function() {

        /**
         * Properties of a Tag.
         * @typedef {Object} wuwamap.Tag.$Properties
         * @property {number|null} [id] Tag id
         * @property {string|null} [name] Tag name
         * @property {number|null} [flag] Tag flag
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a Tag.
         * @memberof wuwamap
         * @interface ITag
         * @augments wuwamap.Tag.$Properties
         * @deprecated Use wuwamap.Tag.$Properties instead.
         */

        /**
         * Shape of a Tag.
         * @typedef {wuwamap.Tag.$Properties} wuwamap.Tag.$Shape
         */

        /**
         * Constructs a new Tag.
         * @memberof wuwamap
         * @classdesc Represents a Tag.
         * @constructor
         * @param {wuwamap.Tag.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const Tag = function (properties) {
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * Tag id.
         * @member {number} id
         * @memberof wuwamap.Tag
         * @instance
         */
        Tag.prototype.id = 0;

        /**
         * Tag name.
         * @member {string} name
         * @memberof wuwamap.Tag
         * @instance
         */
        Tag.prototype.name = "";

        /**
         * Tag flag.
         * @member {number|null|undefined} flag
         * @memberof wuwamap.Tag
         * @instance
         */
        Tag.prototype.flag = null;

        // OneOf field names bound to virtual getters and setters
        let $oneOfFields;

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Tag.prototype, "_flag", {
            get: $util.oneOfGetter($oneOfFields = ["flag"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        /**
         * Creates a new Tag instance using the specified properties.
         * @function create
         * @memberof wuwamap.Tag
         * @static
         * @param {wuwamap.Tag.$Properties=} [properties] Properties to set
         * @returns {wuwamap.Tag} Tag instance
         * @type {{
         *   (properties: wuwamap.Tag.$Shape): wuwamap.Tag & wuwamap.Tag.$Shape;
         *   (properties?: wuwamap.Tag.$Properties): wuwamap.Tag;
         * }}
         */
        Tag.create = function(properties) {
            return new Tag(properties);
        };

        /**
         * Encodes the specified Tag message. Does not implicitly {@link wuwamap.Tag.verify|verify} messages.
         * @function encode
         * @memberof wuwamap.Tag
         * @static
         * @param {wuwamap.Tag.$Properties} message Tag message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        Tag.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== 0)
                writer.uint32(/* id 1, wireType 0 =*/8).int32(message.id);
            if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                writer.uint32(/* id 2, wireType 2 =*/18).string(message.name);
            if (message.flag != null && $Object.hasOwnProperty.call(message, "flag"))
                writer.uint32(/* id 3, wireType 0 =*/24).int32(message.flag);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a Tag message from the specified reader or buffer.
         * @function decode
         * @memberof wuwamap.Tag
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {wuwamap.Tag & wuwamap.Tag.$Shape} Tag
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        Tag.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.wuwamap.Tag();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.id = value;
                        else
                            delete message.id;
                        continue;
                    }
                case 2: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.name = value;
                        else
                            delete message.name;
                        continue;
                    }
                case 3: {
                        if (wireType !== 0)
                            break;
                        message.flag = reader.int32();
                        message._flag = "flag";
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        /**
         * Gets the type url for Tag
         * @function getTypeUrl
         * @memberof wuwamap.Tag
         * @static
         * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns {string} The type url
         */
        Tag.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/wuwamap.Tag";
        };

        return Tag;
    })();

    wuwamap.Pin = (function() {

        /**
         * Properties of a Pin.
         * @typedef {Object} wuwamap.Pin.$Properties
         * @property {number|null} [id] Pin id
         * @property {number|null} [coordX] Pin coordX
         * @property {number|null} [coordY] Pin coordY
         * @property {number|null} [coordZ] Pin coordZ
         * @property {string|null} [description] Pin description
         * @property {string|null} [image] Pin image
         * @property {number|null} [catNum] Pin catNum
         * @property {Array.<wuwamap.Tag.$Properties>|null} [tags] Pin tags
         * @property {Array.<number>|null} [tagIds] Pin tagIds
         * @property {number|null} [icon] Pin icon
         * @property {number|null} [flag] Pin flag
         * @property {number|null} [registererId] Pin registererId
         * @property {number|null} [region] Pin region
         * @property {number|null} [categoryId] Pin categoryId
         * @property {string|null} [categoryName] Pin categoryName
         * @property {number|null} [totalChecks] Pin totalChecks
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a Pin.
         * @memberof wuwamap
         * @interface IPin
         * @augments wuwamap.Pin.$Properties
         * @deprecated Use wuwamap.Pin.$Properties instead.
         */

        /**
         * Shape of a Pin.
         * @typedef {wuwamap.Pin.$Properties} wuwamap.Pin.$Shape
         */

        /**
         * Constructs a new Pin.
         * @memberof wuwamap
         * @classdesc Represents a Pin.
         * @constructor
         * @param {wuwamap.Pin.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const Pin = function (properties) {
            this.tags = [];
            this.tagIds = [];
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * Pin id.
         * @member {number} id
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.id = 0;

        /**
         * Pin coordX.
         * @member {number} coordX
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.coordX = 0;

        /**
         * Pin coordY.
         * @member {number} coordY
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.coordY = 0;

        /**
         * Pin coordZ.
         * @member {number|null|undefined} coordZ
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.coordZ = null;

        /**
         * Pin description.
         * @member {string|null|undefined} description
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.description = null;

        /**
         * Pin image.
         * @member {string|null|undefined} image
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.image = null;

        /**
         * Pin catNum.
         * @member {number} catNum
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.catNum = 0;

        /**
         * Pin tags.
         * @member {Array.<wuwamap.Tag.$Properties>} tags
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.tags = $util.emptyArray;

        /**
         * Pin tagIds.
         * @member {Array.<number>} tagIds
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.tagIds = $util.emptyArray;

        /**
         * Pin icon.
         * @member {number|null|undefined} icon
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.icon = null;

        /**
         * Pin flag.
         * @member {number|null|undefined} flag
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.flag = null;

        /**
         * Pin registererId.
         * @member {number|null|undefined} registererId
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.registererId = null;

        /**
         * Pin region.
         * @member {number|null|undefined} region
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.region = null;

        /**
         * Pin categoryId.
         * @member {number|null|undefined} categoryId
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.categoryId = null;

        /**
         * Pin categoryName.
         * @member {string|null|undefined} categoryName
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.categoryName = null;

        /**
         * Pin totalChecks.
         * @member {number|null|undefined} totalChecks
         * @memberof wuwamap.Pin
         * @instance
         */
        Pin.prototype.totalChecks = null;

        // OneOf field names bound to virtual getters and setters
        let $oneOfFields;

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_coordZ", {
            get: $util.oneOfGetter($oneOfFields = ["coordZ"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_description", {
            get: $util.oneOfGetter($oneOfFields = ["description"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_image", {
            get: $util.oneOfGetter($oneOfFields = ["image"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_icon", {
            get: $util.oneOfGetter($oneOfFields = ["icon"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_flag", {
            get: $util.oneOfGetter($oneOfFields = ["flag"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_registererId", {
            get: $util.oneOfGetter($oneOfFields = ["registererId"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_region", {
            get: $util.oneOfGetter($oneOfFields = ["region"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_categoryId", {
            get: $util.oneOfGetter($oneOfFields = ["categoryId"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_categoryName", {
            get: $util.oneOfGetter($oneOfFields = ["categoryName"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        // Virtual OneOf for proto3 optional field
        $Object.defineProperty(Pin.prototype, "_totalChecks", {
            get: $util.oneOfGetter($oneOfFields = ["totalChecks"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        /**
         * Creates a new Pin instance using the specified properties.
         * @function create
         * @memberof wuwamap.Pin
         * @static
         * @param {wuwamap.Pin.$Properties=} [properties] Properties to set
         * @returns {wuwamap.Pin} Pin instance
         * @type {{
         *   (properties: wuwamap.Pin.$Shape): wuwamap.Pin & wuwamap.Pin.$Shape;
         *   (properties?: wuwamap.Pin.$Properties): wuwamap.Pin;
         * }}
         */
        Pin.create = function(properties) {
            return new Pin(properties);
        };

        /**
         * Encodes the specified Pin message. Does not implicitly {@link wuwamap.Pin.verify|verify} messages.
         * @function encode
         * @memberof wuwamap.Pin
         * @static
         * @param {wuwamap.Pin.$Properties} message Pin message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        Pin.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== 0)
                writer.uint32(/* id 1, wireType 0 =*/8).int32(message.id);
            if (message.coordX != null && $Object.hasOwnProperty.call(message, "coordX") && !$Object.is(message.coordX, 0))
                writer.uint32(/* id 2, wireType 5 =*/21).float(message.coordX);
            if (message.coordY != null && $Object.hasOwnProperty.call(message, "coordY") && !$Object.is(message.coordY, 0))
                writer.uint32(/* id 3, wireType 5 =*/29).float(message.coordY);
            if (message.coordZ != null && $Object.hasOwnProperty.call(message, "coordZ"))
                writer.uint32(/* id 4, wireType 5 =*/37).float(message.coordZ);
            if (message.description != null && $Object.hasOwnProperty.call(message, "description"))
                writer.uint32(/* id 5, wireType 2 =*/42).string(message.description);
            if (message.image != null && $Object.hasOwnProperty.call(message, "image"))
                writer.uint32(/* id 6, wireType 2 =*/50).string(message.image);
            if (message.catNum != null && $Object.hasOwnProperty.call(message, "catNum") && message.catNum !== 0)
                writer.uint32(/* id 7, wireType 0 =*/56).int32(message.catNum);
            if (message.tags != null && message.tags.length)
                for (let i = 0; i < message.tags.length; ++i)
                    $root.wuwamap.Tag.encode(message.tags[i], writer.uint32(/* id 8, wireType 2 =*/66).fork(), _depth + 1).ldelim();
            if (message.tagIds != null && message.tagIds.length)
                writer.uint32(/* id 9, wireType 2 =*/74).int32s(message.tagIds);
            if (message.icon != null && $Object.hasOwnProperty.call(message, "icon"))
                writer.uint32(/* id 10, wireType 0 =*/80).int32(message.icon);
            if (message.flag != null && $Object.hasOwnProperty.call(message, "flag"))
                writer.uint32(/* id 11, wireType 0 =*/88).int32(message.flag);
            if (message.registererId != null && $Object.hasOwnProperty.call(message, "registererId"))
                writer.uint32(/* id 12, wireType 0 =*/96).int32(message.registererId);
            if (message.region != null && $Object.hasOwnProperty.call(message, "region"))
                writer.uint32(/* id 13, wireType 0 =*/104).int32(message.region);
            if (message.categoryId != null && $Object.hasOwnProperty.call(message, "categoryId"))
                writer.uint32(/* id 14, wireType 0 =*/112).int32(message.categoryId);
            if (message.categoryName != null && $Object.hasOwnProperty.call(message, "categoryName"))
                writer.uint32(/* id 15, wireType 2 =*/122).string(message.categoryName);
            if (message.totalChecks != null && $Object.hasOwnProperty.call(message, "totalChecks"))
                writer.uint32(/* id 16, wireType 0 =*/128).int32(message.totalChecks);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a Pin message from the specified reader or buffer.
         * @function decode
         * @memberof wuwamap.Pin
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {wuwamap.Pin & wuwamap.Pin.$Shape} Pin
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        Pin.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.wuwamap.Pin();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.id = value;
                        else
                            delete message.id;
                        continue;
                    }
                case 2: {
                        if (wireType !== 5)
                            break;
                        if (!$Object.is(value = reader.float(), 0))
                            message.coordX = value;
                        else
                            delete message.coordX;
                        continue;
                    }
                case 3: {
                        if (wireType !== 5)
                            break;
                        if (!$Object.is(value = reader.float(), 0))
                            message.coordY = value;
                        else
                            delete message.coordY;
                        continue;
                    }
                case 4: {
                        if (wireType !== 5)
                            break;
                        message.coordZ = reader.float();
                        message._coordZ = "coordZ";
                        continue;
                    }
                case 5: {
                        if (wireType !== 2)
                            break;
                        message.description = reader.stringVerify();
                        message._description = "description";
                        continue;
                    }
                case 6: {
                        if (wireType !== 2)
                            break;
                        message.image = reader.stringVerify();
                        message._image = "image";
                        continue;
                    }
                case 7: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.catNum = value;
                        else
                            delete message.catNum;
                        continue;
                    }
                case 8: {
                        if (wireType !== 2)
                            break;
                        if (!(message.tags && message.tags.length))
                            message.tags = [];
                        message.tags.push($root.wuwamap.Tag.decode(reader, reader.size(), $undefined, _depth + 1));
                        continue;
                    }
                case 9: {
                        if (wireType === 2) {
                            if (!(message.tagIds && message.tagIds.length))
                                message.tagIds = [];
                            reader.int32s(message.tagIds);
                            continue;
                        }
                        if (wireType !== 0)
                            break;
                        if (!(message.tagIds && message.tagIds.length))
                            message.tagIds = [];
                        message.tagIds.push(reader.int32());
                        continue;
                    }
                case 10: {
                        if (wireType !== 0)
                            break;
                        message.icon = reader.int32();
                        message._icon = "icon";
                        continue;
                    }
                case 11: {
                        if (wireType !== 0)
                            break;
                        message.flag = reader.int32();
                        message._flag = "flag";
                        continue;
                    }
                case 12: {
                        if (wireType !== 0)
                            break;
                        message.registererId = reader.int32();
                        message._registererId = "registererId";
                        continue;
                    }
                case 13: {
                        if (wireType !== 0)
                            break;
                        message.region = reader.int32();
                        message._region = "region";
                        continue;
                    }
                case 14: {
                        if (wireType !== 0)
                            break;
                        message.categoryId = reader.int32();
                        message._categoryId = "categoryId";
                        continue;
                    }
                case 15: {
                        if (wireType !== 2)
                            break;
                        message.categoryName = reader.stringVerify();
                        message._categoryName = "categoryName";
                        continue;
                    }
                case 16: {
                        if (wireType !== 0)
                            break;
                        message.totalChecks = reader.int32();
                        message._totalChecks = "totalChecks";
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        /**
         * Gets the type url for Pin
         * @function getTypeUrl
         * @memberof wuwamap.Pin
         * @static
         * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns {string} The type url
         */
        Pin.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/wuwamap.Pin";
        };

        return Pin;
    })();

    wuwamap.PinList = (function() {

        /**
         * Properties of a PinList.
         * @typedef {Object} wuwamap.PinList.$Properties
         * @property {number|null} [categoryId] PinList categoryId
         * @property {number|null} [lastEdited] PinList lastEdited
         * @property {Array.<wuwamap.Pin.$Properties>|null} [pins] PinList pins
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a PinList.
         * @memberof wuwamap
         * @interface IPinList
         * @augments wuwamap.PinList.$Properties
         * @deprecated Use wuwamap.PinList.$Properties instead.
         */

        /**
         * Shape of a PinList.
         * @typedef {wuwamap.PinList.$Properties} wuwamap.PinList.$Shape
         */

        /**
         * Constructs a new PinList.
         * @memberof wuwamap
         * @classdesc Represents a PinList.
         * @constructor
         * @param {wuwamap.PinList.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const PinList = function (properties) {
            this.pins = [];
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * PinList categoryId.
         * @member {number} categoryId
         * @memberof wuwamap.PinList
         * @instance
         */
        PinList.prototype.categoryId = 0;

        /**
         * PinList lastEdited.
         * @member {number} lastEdited
         * @memberof wuwamap.PinList
         * @instance
         */
        PinList.prototype.lastEdited = 0;

        /**
         * PinList pins.
         * @member {Array.<wuwamap.Pin.$Properties>} pins
         * @memberof wuwamap.PinList
         * @instance
         */
        PinList.prototype.pins = $util.emptyArray;

        /**
         * Creates a new PinList instance using the specified properties.
         * @function create
         * @memberof wuwamap.PinList
         * @static
         * @param {wuwamap.PinList.$Properties=} [properties] Properties to set
         * @returns {wuwamap.PinList} PinList instance
         * @type {{
         *   (properties: wuwamap.PinList.$Shape): wuwamap.PinList & wuwamap.PinList.$Shape;
         *   (properties?: wuwamap.PinList.$Properties): wuwamap.PinList;
         * }}
         */
        PinList.create = function(properties) {
            return new PinList(properties);
        };

        /**
         * Encodes the specified PinList message. Does not implicitly {@link wuwamap.PinList.verify|verify} messages.
         * @function encode
         * @memberof wuwamap.PinList
         * @static
         * @param {wuwamap.PinList.$Properties} message PinList message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        PinList.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.categoryId != null && $Object.hasOwnProperty.call(message, "categoryId") && message.categoryId !== 0)
                writer.uint32(/* id 1, wireType 0 =*/8).int32(message.categoryId);
            if (message.lastEdited != null && $Object.hasOwnProperty.call(message, "lastEdited") && !$Object.is(message.lastEdited, 0))
                writer.uint32(/* id 2, wireType 1 =*/17).double(message.lastEdited);
            if (message.pins != null && message.pins.length)
                for (let i = 0; i < message.pins.length; ++i)
                    $root.wuwamap.Pin.encode(message.pins[i], writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a PinList message from the specified reader or buffer.
         * @function decode
         * @memberof wuwamap.PinList
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {wuwamap.PinList & wuwamap.PinList.$Shape} PinList
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        PinList.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.wuwamap.PinList();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.categoryId = value;
                        else
                            delete message.categoryId;
                        continue;
                    }
                case 2: {
                        if (wireType !== 1)
                            break;
                        if (!$Object.is(value = reader.double(), 0))
                            message.lastEdited = value;
                        else
                            delete message.lastEdited;
                        continue;
                    }
                case 3: {
                        if (wireType !== 2)
                            break;
                        if (!(message.pins && message.pins.length))
                            message.pins = [];
                        message.pins.push($root.wuwamap.Pin.decode(reader, reader.size(), $undefined, _depth + 1));
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        /**
         * Gets the type url for PinList
         * @function getTypeUrl
         * @memberof wuwamap.PinList
         * @static
         * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns {string} The type url
         */
        PinList.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/wuwamap.PinList";
        };

        return PinList;
    })();

    wuwamap.PinColumns = (function() {

        /**
         * Properties of a PinColumns.
         * @typedef {Object} wuwamap.PinColumns.$Properties
         * @property {Array.<number>|null} [categoryDelta] PinColumns categoryDelta
         * @property {Array.<number>|null} [idDelta] PinColumns idDelta
         * @property {number|null} [scale10] PinColumns scale10
         * @property {Array.<number>|null} [xk] PinColumns xk
         * @property {Array.<number>|null} [yk] PinColumns yk
         * @property {Uint8Array|null} [x] PinColumns x
         * @property {Uint8Array|null} [y] PinColumns y
         * @property {Uint8Array|null} [z] PinColumns z
         * @property {Array.<number>|null} [icon] PinColumns icon
         * @property {Array.<number>|null} [flag] PinColumns flag
         * @property {Uint8Array|null} [bits] PinColumns bits
         * @property {Array.<number>|null} [tagCount] PinColumns tagCount
         * @property {Array.<number>|null} [tagIds] PinColumns tagIds
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a PinColumns.
         * @memberof wuwamap
         * @interface IPinColumns
         * @augments wuwamap.PinColumns.$Properties
         * @deprecated Use wuwamap.PinColumns.$Properties instead.
         */

        /**
         * Shape of a PinColumns.
         * @typedef {wuwamap.PinColumns.$Properties} wuwamap.PinColumns.$Shape
         */

        /**
         * Constructs a new PinColumns.
         * @memberof wuwamap
         * @classdesc Represents a PinColumns.
         * @constructor
         * @param {wuwamap.PinColumns.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const PinColumns = function (properties) {
            this.categoryDelta = [];
            this.idDelta = [];
            this.xk = [];
            this.yk = [];
            this.icon = [];
            this.flag = [];
            this.tagCount = [];
            this.tagIds = [];
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * PinColumns categoryDelta.
         * @member {Array.<number>} categoryDelta
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.categoryDelta = $util.emptyArray;

        /**
         * PinColumns idDelta.
         * @member {Array.<number>} idDelta
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.idDelta = $util.emptyArray;

        /**
         * PinColumns scale10.
         * @member {number} scale10
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.scale10 = 0;

        /**
         * PinColumns xk.
         * @member {Array.<number>} xk
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.xk = $util.emptyArray;

        /**
         * PinColumns yk.
         * @member {Array.<number>} yk
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.yk = $util.emptyArray;

        /**
         * PinColumns x.
         * @member {Uint8Array} x
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.x = $util.newBuffer([]);

        /**
         * PinColumns y.
         * @member {Uint8Array} y
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.y = $util.newBuffer([]);

        /**
         * PinColumns z.
         * @member {Uint8Array} z
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.z = $util.newBuffer([]);

        /**
         * PinColumns icon.
         * @member {Array.<number>} icon
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.icon = $util.emptyArray;

        /**
         * PinColumns flag.
         * @member {Array.<number>} flag
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.flag = $util.emptyArray;

        /**
         * PinColumns bits.
         * @member {Uint8Array} bits
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.bits = $util.newBuffer([]);

        /**
         * PinColumns tagCount.
         * @member {Array.<number>} tagCount
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.tagCount = $util.emptyArray;

        /**
         * PinColumns tagIds.
         * @member {Array.<number>} tagIds
         * @memberof wuwamap.PinColumns
         * @instance
         */
        PinColumns.prototype.tagIds = $util.emptyArray;

        /**
         * Creates a new PinColumns instance using the specified properties.
         * @function create
         * @memberof wuwamap.PinColumns
         * @static
         * @param {wuwamap.PinColumns.$Properties=} [properties] Properties to set
         * @returns {wuwamap.PinColumns} PinColumns instance
         * @type {{
         *   (properties: wuwamap.PinColumns.$Shape): wuwamap.PinColumns & wuwamap.PinColumns.$Shape;
         *   (properties?: wuwamap.PinColumns.$Properties): wuwamap.PinColumns;
         * }}
         */
        PinColumns.create = function(properties) {
            return new PinColumns(properties);
        };

        /**
         * Encodes the specified PinColumns message. Does not implicitly {@link wuwamap.PinColumns.verify|verify} messages.
         * @function encode
         * @memberof wuwamap.PinColumns
         * @static
         * @param {wuwamap.PinColumns.$Properties} message PinColumns message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        PinColumns.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.categoryDelta != null && message.categoryDelta.length)
                writer.uint32(/* id 1, wireType 2 =*/10).uint32s(message.categoryDelta);
            if (message.idDelta != null && message.idDelta.length)
                writer.uint32(/* id 2, wireType 2 =*/18).sint32s(message.idDelta);
            if (message.x != null && $Object.hasOwnProperty.call(message, "x") && message.x.length)
                writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.x);
            if (message.y != null && $Object.hasOwnProperty.call(message, "y") && message.y.length)
                writer.uint32(/* id 4, wireType 2 =*/34).bytes(message.y);
            if (message.z != null && $Object.hasOwnProperty.call(message, "z") && message.z.length)
                writer.uint32(/* id 5, wireType 2 =*/42).bytes(message.z);
            if (message.icon != null && message.icon.length)
                writer.uint32(/* id 6, wireType 2 =*/50).uint32s(message.icon);
            if (message.flag != null && message.flag.length)
                writer.uint32(/* id 7, wireType 2 =*/58).uint32s(message.flag);
            if (message.bits != null && $Object.hasOwnProperty.call(message, "bits") && message.bits.length)
                writer.uint32(/* id 8, wireType 2 =*/66).bytes(message.bits);
            if (message.tagCount != null && message.tagCount.length)
                writer.uint32(/* id 9, wireType 2 =*/74).uint32s(message.tagCount);
            if (message.tagIds != null && message.tagIds.length)
                writer.uint32(/* id 10, wireType 2 =*/82).uint32s(message.tagIds);
            if (message.scale10 != null && $Object.hasOwnProperty.call(message, "scale10") && message.scale10 !== 0)
                writer.uint32(/* id 11, wireType 0 =*/88).int32(message.scale10);
            if (message.xk != null && message.xk.length)
                writer.uint32(/* id 12, wireType 2 =*/98).sint32s(message.xk);
            if (message.yk != null && message.yk.length)
                writer.uint32(/* id 13, wireType 2 =*/106).sint32s(message.yk);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a PinColumns message from the specified reader or buffer.
         * @function decode
         * @memberof wuwamap.PinColumns
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {wuwamap.PinColumns & wuwamap.PinColumns.$Shape} PinColumns
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        PinColumns.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.wuwamap.PinColumns();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType === 2) {
                            if (!(message.categoryDelta && message.categoryDelta.length))
                                message.categoryDelta = [];
                            reader.uint32s(message.categoryDelta);
                            continue;
                        }
                        if (wireType !== 0)
                            break;
                        if (!(message.categoryDelta && message.categoryDelta.length))
                            message.categoryDelta = [];
                        message.categoryDelta.push(reader.uint32());
                        continue;
                    }
                case 2: {
                        if (wireType === 2) {
                            if (!(message.idDelta && message.idDelta.length))
                                message.idDelta = [];
                            reader.sint32s(message.idDelta);
                            continue;
                        }
                        if (wireType !== 0)
                            break;
                        if (!(message.idDelta && message.idDelta.length))
                            message.idDelta = [];
                        message.idDelta.push(reader.sint32());
                        continue;
                    }
                case 11: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.scale10 = value;
                        else
                            delete message.scale10;
                        continue;
                    }
                case 12: {
                        if (wireType === 2) {
                            if (!(message.xk && message.xk.length))
                                message.xk = [];
                            reader.sint32s(message.xk);
                            continue;
                        }
                        if (wireType !== 0)
                            break;
                        if (!(message.xk && message.xk.length))
                            message.xk = [];
                        message.xk.push(reader.sint32());
                        continue;
                    }
                case 13: {
                        if (wireType === 2) {
                            if (!(message.yk && message.yk.length))
                                message.yk = [];
                            reader.sint32s(message.yk);
                            continue;
                        }
                        if (wireType !== 0)
                            break;
                        if (!(message.yk && message.yk.length))
                            message.yk = [];
                        message.yk.push(reader.sint32());
                        continue;
                    }
                case 3: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.bytes()).length)
                            message.x = value;
                        else
                            delete message.x;
                        continue;
                    }
                case 4: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.bytes()).length)
                            message.y = value;
                        else
                            delete message.y;
                        continue;
                    }
                case 5: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.bytes()).length)
                            message.z = value;
                        else
                            delete message.z;
                        continue;
                    }
                case 6: {
                        if (wireType === 2) {
                            if (!(message.icon && message.icon.length))
                                message.icon = [];
                            reader.uint32s(message.icon);
                            continue;
                        }
                        if (wireType !== 0)
                            break;
                        if (!(message.icon && message.icon.length))
                            message.icon = [];
                        message.icon.push(reader.uint32());
                        continue;
                    }
                case 7: {
                        if (wireType === 2) {
                            if (!(message.flag && message.flag.length))
                                message.flag = [];
                            reader.uint32s(message.flag);
                            continue;
                        }
                        if (wireType !== 0)
                            break;
                        if (!(message.flag && message.flag.length))
                            message.flag = [];
                        message.flag.push(reader.uint32());
                        continue;
                    }
                case 8: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.bytes()).length)
                            message.bits = value;
                        else
                            delete message.bits;
                        continue;
                    }
                case 9: {
                        if (wireType === 2) {
                            if (!(message.tagCount && message.tagCount.length))
                                message.tagCount = [];
                            reader.uint32s(message.tagCount);
                            continue;
                        }
                        if (wireType !== 0)
                            break;
                        if (!(message.tagCount && message.tagCount.length))
                            message.tagCount = [];
                        message.tagCount.push(reader.uint32());
                        continue;
                    }
                case 10: {
                        if (wireType === 2) {
                            if (!(message.tagIds && message.tagIds.length))
                                message.tagIds = [];
                            reader.uint32s(message.tagIds);
                            continue;
                        }
                        if (wireType !== 0)
                            break;
                        if (!(message.tagIds && message.tagIds.length))
                            message.tagIds = [];
                        message.tagIds.push(reader.uint32());
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        /**
         * Gets the type url for PinColumns
         * @function getTypeUrl
         * @memberof wuwamap.PinColumns
         * @static
         * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns {string} The type url
         */
        PinColumns.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/wuwamap.PinColumns";
        };

        return PinColumns;
    })();

    wuwamap.PinSnapshot = (function() {

        /**
         * Properties of a PinSnapshot.
         * @typedef {Object} wuwamap.PinSnapshot.$Properties
         * @property {number|null} [region] PinSnapshot region
         * @property {number|null} [version] PinSnapshot version
         * @property {Array.<wuwamap.PinColumns.$Properties>|null} [blocks] PinSnapshot blocks
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a PinSnapshot.
         * @memberof wuwamap
         * @interface IPinSnapshot
         * @augments wuwamap.PinSnapshot.$Properties
         * @deprecated Use wuwamap.PinSnapshot.$Properties instead.
         */

        /**
         * Shape of a PinSnapshot.
         * @typedef {wuwamap.PinSnapshot.$Properties} wuwamap.PinSnapshot.$Shape
         */

        /**
         * Constructs a new PinSnapshot.
         * @memberof wuwamap
         * @classdesc Represents a PinSnapshot.
         * @constructor
         * @param {wuwamap.PinSnapshot.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const PinSnapshot = function (properties) {
            this.blocks = [];
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * PinSnapshot region.
         * @member {number} region
         * @memberof wuwamap.PinSnapshot
         * @instance
         */
        PinSnapshot.prototype.region = 0;

        /**
         * PinSnapshot version.
         * @member {number} version
         * @memberof wuwamap.PinSnapshot
         * @instance
         */
        PinSnapshot.prototype.version = 0;

        /**
         * PinSnapshot blocks.
         * @member {Array.<wuwamap.PinColumns.$Properties>} blocks
         * @memberof wuwamap.PinSnapshot
         * @instance
         */
        PinSnapshot.prototype.blocks = $util.emptyArray;

        /**
         * Creates a new PinSnapshot instance using the specified properties.
         * @function create
         * @memberof wuwamap.PinSnapshot
         * @static
         * @param {wuwamap.PinSnapshot.$Properties=} [properties] Properties to set
         * @returns {wuwamap.PinSnapshot} PinSnapshot instance
         * @type {{
         *   (properties: wuwamap.PinSnapshot.$Shape): wuwamap.PinSnapshot & wuwamap.PinSnapshot.$Shape;
         *   (properties?: wuwamap.PinSnapshot.$Properties): wuwamap.PinSnapshot;
         * }}
         */
        PinSnapshot.create = function(properties) {
            return new PinSnapshot(properties);
        };

        /**
         * Encodes the specified PinSnapshot message. Does not implicitly {@link wuwamap.PinSnapshot.verify|verify} messages.
         * @function encode
         * @memberof wuwamap.PinSnapshot
         * @static
         * @param {wuwamap.PinSnapshot.$Properties} message PinSnapshot message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        PinSnapshot.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.region != null && $Object.hasOwnProperty.call(message, "region") && message.region !== 0)
                writer.uint32(/* id 1, wireType 0 =*/8).int32(message.region);
            if (message.version != null && $Object.hasOwnProperty.call(message, "version") && !$Object.is(message.version, 0))
                writer.uint32(/* id 2, wireType 1 =*/17).double(message.version);
            if (message.blocks != null && message.blocks.length)
                for (let i = 0; i < message.blocks.length; ++i)
                    $root.wuwamap.PinColumns.encode(message.blocks[i], writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a PinSnapshot message from the specified reader or buffer.
         * @function decode
         * @memberof wuwamap.PinSnapshot
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {wuwamap.PinSnapshot & wuwamap.PinSnapshot.$Shape} PinSnapshot
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        PinSnapshot.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.wuwamap.PinSnapshot();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 0)
                            break;
                        if (value = reader.int32())
                            message.region = value;
                        else
                            delete message.region;
                        continue;
                    }
                case 2: {
                        if (wireType !== 1)
                            break;
                        if (!$Object.is(value = reader.double(), 0))
                            message.version = value;
                        else
                            delete message.version;
                        continue;
                    }
                case 3: {
                        if (wireType !== 2)
                            break;
                        if (!(message.blocks && message.blocks.length))
                            message.blocks = [];
                        message.blocks.push($root.wuwamap.PinColumns.decode(reader, reader.size(), $undefined, _depth + 1));
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        /**
         * Gets the type url for PinSnapshot
         * @function getTypeUrl
         * @memberof wuwamap.PinSnapshot
         * @static
         * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns {string} The type url
         */
        PinSnapshot.getTypeUrl = function(prefix) {
            if (prefix === $undefined)
                prefix = "type.googleapis.com";
            return prefix + "/wuwamap.PinSnapshot";
        };

        return PinSnapshot;
    })();

    return wuwamap;
})();

export {
  $root as default
};
