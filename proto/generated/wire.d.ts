import * as $protobuf from "protobufjs";
import Long = require("long");

/** Namespace wuwamap. */
export namespace wuwamap {

    /**
     * Properties of an Any.
     * @deprecated Use wuwamap.Any.$Properties instead.
     */
    interface IAny extends wuwamap.Any.$Properties {
    }

    /** Represents an Any. */
    class Any {

        /**
         * Constructs a new Any.
         * @param [properties] Properties to set
         */
        constructor(properties?: wuwamap.Any.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** Any type_url. */
        type_url: string;

        /** Any value. */
        value: Uint8Array;

        /**
         * Creates a new Any instance using the specified properties.
         * @param [properties] Properties to set
         * @returns Any instance
         */
        static create(properties: wuwamap.Any.$Shape): wuwamap.Any & wuwamap.Any.$Shape;
        static create(properties?: wuwamap.Any.$Properties): wuwamap.Any;

        /**
         * Encodes the specified Any message. Does not implicitly {@link wuwamap.Any.verify|verify} messages.
         * @param message Any message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: wuwamap.Any.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes an Any message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {wuwamap.Any & wuwamap.Any.$Shape} Any
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wuwamap.Any & wuwamap.Any.$Shape;

        /**
         * Gets the type url for Any
         * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns The type url
         */
        static getTypeUrl(prefix?: string): string;
    }

    namespace Any {

        /** Properties of an Any. */
        interface $Properties {

            /** Any type_url */
            type_url?: (string|null);

            /** Any value */
            value?: (Uint8Array|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of an Any. */
        type $Shape = wuwamap.Any.$Properties;
    }

    /**
     * Properties of an Error.
     * @deprecated Use wuwamap.Error.$Properties instead.
     */
    interface IError extends wuwamap.Error.$Properties {
    }

    /** Represents an Error. */
    class Error {

        /**
         * Constructs a new Error.
         * @param [properties] Properties to set
         */
        constructor(properties?: wuwamap.Error.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** Error message. */
        message: string;

        /** Error messageTranslated. */
        messageTranslated: string;

        /** Error errClazz. */
        errClazz: string;

        /**
         * Creates a new Error instance using the specified properties.
         * @param [properties] Properties to set
         * @returns Error instance
         */
        static create(properties: wuwamap.Error.$Shape): wuwamap.Error & wuwamap.Error.$Shape;
        static create(properties?: wuwamap.Error.$Properties): wuwamap.Error;

        /**
         * Encodes the specified Error message. Does not implicitly {@link wuwamap.Error.verify|verify} messages.
         * @param message Error message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: wuwamap.Error.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes an Error message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {wuwamap.Error & wuwamap.Error.$Shape} Error
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wuwamap.Error & wuwamap.Error.$Shape;

        /**
         * Gets the type url for Error
         * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns The type url
         */
        static getTypeUrl(prefix?: string): string;
    }

    namespace Error {

        /** Properties of an Error. */
        interface $Properties {

            /** Error message */
            message?: (string|null);

            /** Error messageTranslated */
            messageTranslated?: (string|null);

            /** Error errClazz */
            errClazz?: (string|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of an Error. */
        type $Shape = wuwamap.Error.$Properties;
    }

    /**
     * Properties of an Envelope.
     * @deprecated Use wuwamap.Envelope.$Properties instead.
     */
    interface IEnvelope extends wuwamap.Envelope.$Properties {
    }

    /** Represents an Envelope. */
    class Envelope {

        /**
         * Constructs a new Envelope.
         * @param [properties] Properties to set
         */
        constructor(properties?: wuwamap.Envelope.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** Envelope status. */
        status: number;

        /** Envelope error. */
        error?: (wuwamap.Error.$Properties|null);

        /** Envelope result. */
        result?: (wuwamap.Any.$Properties|null);

        /**
         * Creates a new Envelope instance using the specified properties.
         * @param [properties] Properties to set
         * @returns Envelope instance
         */
        static create(properties: wuwamap.Envelope.$Shape): wuwamap.Envelope & wuwamap.Envelope.$Shape;
        static create(properties?: wuwamap.Envelope.$Properties): wuwamap.Envelope;

        /**
         * Encodes the specified Envelope message. Does not implicitly {@link wuwamap.Envelope.verify|verify} messages.
         * @param message Envelope message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: wuwamap.Envelope.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes an Envelope message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {wuwamap.Envelope & wuwamap.Envelope.$Shape} Envelope
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wuwamap.Envelope & wuwamap.Envelope.$Shape;

        /**
         * Gets the type url for Envelope
         * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns The type url
         */
        static getTypeUrl(prefix?: string): string;
    }

    namespace Envelope {

        /** Properties of an Envelope. */
        interface $Properties {

            /** Envelope status */
            status?: (number|null);

            /** Envelope error */
            error?: (wuwamap.Error.$Properties|null);

            /** Envelope result */
            result?: (wuwamap.Any.$Properties|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of an Envelope. */
        type $Shape = wuwamap.Envelope.$Properties;
    }

    /**
     * Properties of a Tag.
     * @deprecated Use wuwamap.Tag.$Properties instead.
     */
    interface ITag extends wuwamap.Tag.$Properties {
    }

    /** Represents a Tag. */
    class Tag {

        /**
         * Constructs a new Tag.
         * @param [properties] Properties to set
         */
        constructor(properties?: wuwamap.Tag.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** Tag id. */
        id: number;

        /** Tag name. */
        name: string;

        /** Tag flag. */
        flag?: (number|null);

        /**
         * Creates a new Tag instance using the specified properties.
         * @param [properties] Properties to set
         * @returns Tag instance
         */
        static create(properties: wuwamap.Tag.$Shape): wuwamap.Tag & wuwamap.Tag.$Shape;
        static create(properties?: wuwamap.Tag.$Properties): wuwamap.Tag;

        /**
         * Encodes the specified Tag message. Does not implicitly {@link wuwamap.Tag.verify|verify} messages.
         * @param message Tag message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: wuwamap.Tag.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a Tag message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {wuwamap.Tag & wuwamap.Tag.$Shape} Tag
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wuwamap.Tag & wuwamap.Tag.$Shape;

        /**
         * Gets the type url for Tag
         * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns The type url
         */
        static getTypeUrl(prefix?: string): string;
    }

    namespace Tag {

        /** Properties of a Tag. */
        interface $Properties {

            /** Tag id */
            id?: (number|null);

            /** Tag name */
            name?: (string|null);

            /** Tag flag */
            flag?: (number|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a Tag. */
        type $Shape = wuwamap.Tag.$Properties;
    }

    /**
     * Properties of a Pin.
     * @deprecated Use wuwamap.Pin.$Properties instead.
     */
    interface IPin extends wuwamap.Pin.$Properties {
    }

    /** Represents a Pin. */
    class Pin {

        /**
         * Constructs a new Pin.
         * @param [properties] Properties to set
         */
        constructor(properties?: wuwamap.Pin.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** Pin id. */
        id: number;

        /** Pin coordX. */
        coordX: number;

        /** Pin coordY. */
        coordY: number;

        /** Pin coordZ. */
        coordZ?: (number|null);

        /** Pin description. */
        description?: (string|null);

        /** Pin image. */
        image?: (string|null);

        /** Pin catNum. */
        catNum: number;

        /** Pin tags. */
        tags: wuwamap.Tag.$Properties[];

        /** Pin tagIds. */
        tagIds: number[];

        /** Pin icon. */
        icon?: (number|null);

        /** Pin flag. */
        flag?: (number|null);

        /** Pin registererId. */
        registererId?: (number|null);

        /** Pin region. */
        region?: (number|null);

        /** Pin categoryId. */
        categoryId?: (number|null);

        /** Pin categoryName. */
        categoryName?: (string|null);

        /** Pin totalChecks. */
        totalChecks?: (number|null);

        /**
         * Creates a new Pin instance using the specified properties.
         * @param [properties] Properties to set
         * @returns Pin instance
         */
        static create(properties: wuwamap.Pin.$Shape): wuwamap.Pin & wuwamap.Pin.$Shape;
        static create(properties?: wuwamap.Pin.$Properties): wuwamap.Pin;

        /**
         * Encodes the specified Pin message. Does not implicitly {@link wuwamap.Pin.verify|verify} messages.
         * @param message Pin message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: wuwamap.Pin.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a Pin message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {wuwamap.Pin & wuwamap.Pin.$Shape} Pin
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wuwamap.Pin & wuwamap.Pin.$Shape;

        /**
         * Gets the type url for Pin
         * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns The type url
         */
        static getTypeUrl(prefix?: string): string;
    }

    namespace Pin {

        /** Properties of a Pin. */
        interface $Properties {

            /** Pin id */
            id?: (number|null);

            /** Pin coordX */
            coordX?: (number|null);

            /** Pin coordY */
            coordY?: (number|null);

            /** Pin coordZ */
            coordZ?: (number|null);

            /** Pin description */
            description?: (string|null);

            /** Pin image */
            image?: (string|null);

            /** Pin catNum */
            catNum?: (number|null);

            /** Pin tags */
            tags?: (wuwamap.Tag.$Properties[]|null);

            /** Pin tagIds */
            tagIds?: (number[]|null);

            /** Pin icon */
            icon?: (number|null);

            /** Pin flag */
            flag?: (number|null);

            /** Pin registererId */
            registererId?: (number|null);

            /** Pin region */
            region?: (number|null);

            /** Pin categoryId */
            categoryId?: (number|null);

            /** Pin categoryName */
            categoryName?: (string|null);

            /** Pin totalChecks */
            totalChecks?: (number|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a Pin. */
        type $Shape = wuwamap.Pin.$Properties;
    }

    /**
     * Properties of a PinList.
     * @deprecated Use wuwamap.PinList.$Properties instead.
     */
    interface IPinList extends wuwamap.PinList.$Properties {
    }

    /** Represents a PinList. */
    class PinList {

        /**
         * Constructs a new PinList.
         * @param [properties] Properties to set
         */
        constructor(properties?: wuwamap.PinList.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** PinList categoryId. */
        categoryId: number;

        /** PinList lastEdited. */
        lastEdited: number;

        /** PinList pins. */
        pins: wuwamap.Pin.$Properties[];

        /**
         * Creates a new PinList instance using the specified properties.
         * @param [properties] Properties to set
         * @returns PinList instance
         */
        static create(properties: wuwamap.PinList.$Shape): wuwamap.PinList & wuwamap.PinList.$Shape;
        static create(properties?: wuwamap.PinList.$Properties): wuwamap.PinList;

        /**
         * Encodes the specified PinList message. Does not implicitly {@link wuwamap.PinList.verify|verify} messages.
         * @param message PinList message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: wuwamap.PinList.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a PinList message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {wuwamap.PinList & wuwamap.PinList.$Shape} PinList
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wuwamap.PinList & wuwamap.PinList.$Shape;

        /**
         * Gets the type url for PinList
         * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns The type url
         */
        static getTypeUrl(prefix?: string): string;
    }

    namespace PinList {

        /** Properties of a PinList. */
        interface $Properties {

            /** PinList categoryId */
            categoryId?: (number|null);

            /** PinList lastEdited */
            lastEdited?: (number|null);

            /** PinList pins */
            pins?: (wuwamap.Pin.$Properties[]|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a PinList. */
        type $Shape = wuwamap.PinList.$Properties;
    }

    /**
     * Properties of a PinColumns.
     * @deprecated Use wuwamap.PinColumns.$Properties instead.
     */
    interface IPinColumns extends wuwamap.PinColumns.$Properties {
    }

    /** Represents a PinColumns. */
    class PinColumns {

        /**
         * Constructs a new PinColumns.
         * @param [properties] Properties to set
         */
        constructor(properties?: wuwamap.PinColumns.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** PinColumns categoryDelta. */
        categoryDelta: number[];

        /** PinColumns idDelta. */
        idDelta: number[];

        /** PinColumns scale10. */
        scale10: number;

        /** PinColumns xk. */
        xk: number[];

        /** PinColumns yk. */
        yk: number[];

        /** PinColumns x. */
        x: Uint8Array;

        /** PinColumns y. */
        y: Uint8Array;

        /** PinColumns z. */
        z: Uint8Array;

        /** PinColumns icon. */
        icon: number[];

        /** PinColumns flag. */
        flag: number[];

        /** PinColumns bits. */
        bits: Uint8Array;

        /** PinColumns tagCount. */
        tagCount: number[];

        /** PinColumns tagIds. */
        tagIds: number[];

        /**
         * Creates a new PinColumns instance using the specified properties.
         * @param [properties] Properties to set
         * @returns PinColumns instance
         */
        static create(properties: wuwamap.PinColumns.$Shape): wuwamap.PinColumns & wuwamap.PinColumns.$Shape;
        static create(properties?: wuwamap.PinColumns.$Properties): wuwamap.PinColumns;

        /**
         * Encodes the specified PinColumns message. Does not implicitly {@link wuwamap.PinColumns.verify|verify} messages.
         * @param message PinColumns message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: wuwamap.PinColumns.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a PinColumns message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {wuwamap.PinColumns & wuwamap.PinColumns.$Shape} PinColumns
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wuwamap.PinColumns & wuwamap.PinColumns.$Shape;

        /**
         * Gets the type url for PinColumns
         * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns The type url
         */
        static getTypeUrl(prefix?: string): string;
    }

    namespace PinColumns {

        /** Properties of a PinColumns. */
        interface $Properties {

            /** PinColumns categoryDelta */
            categoryDelta?: (number[]|null);

            /** PinColumns idDelta */
            idDelta?: (number[]|null);

            /** PinColumns scale10 */
            scale10?: (number|null);

            /** PinColumns xk */
            xk?: (number[]|null);

            /** PinColumns yk */
            yk?: (number[]|null);

            /** PinColumns x */
            x?: (Uint8Array|null);

            /** PinColumns y */
            y?: (Uint8Array|null);

            /** PinColumns z */
            z?: (Uint8Array|null);

            /** PinColumns icon */
            icon?: (number[]|null);

            /** PinColumns flag */
            flag?: (number[]|null);

            /** PinColumns bits */
            bits?: (Uint8Array|null);

            /** PinColumns tagCount */
            tagCount?: (number[]|null);

            /** PinColumns tagIds */
            tagIds?: (number[]|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a PinColumns. */
        type $Shape = wuwamap.PinColumns.$Properties;
    }

    /**
     * Properties of a PinSnapshot.
     * @deprecated Use wuwamap.PinSnapshot.$Properties instead.
     */
    interface IPinSnapshot extends wuwamap.PinSnapshot.$Properties {
    }

    /** Represents a PinSnapshot. */
    class PinSnapshot {

        /**
         * Constructs a new PinSnapshot.
         * @param [properties] Properties to set
         */
        constructor(properties?: wuwamap.PinSnapshot.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** PinSnapshot region. */
        region: number;

        /** PinSnapshot version. */
        version: number;

        /** PinSnapshot blocks. */
        blocks: wuwamap.PinColumns.$Properties[];

        /**
         * Creates a new PinSnapshot instance using the specified properties.
         * @param [properties] Properties to set
         * @returns PinSnapshot instance
         */
        static create(properties: wuwamap.PinSnapshot.$Shape): wuwamap.PinSnapshot & wuwamap.PinSnapshot.$Shape;
        static create(properties?: wuwamap.PinSnapshot.$Properties): wuwamap.PinSnapshot;

        /**
         * Encodes the specified PinSnapshot message. Does not implicitly {@link wuwamap.PinSnapshot.verify|verify} messages.
         * @param message PinSnapshot message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: wuwamap.PinSnapshot.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a PinSnapshot message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {wuwamap.PinSnapshot & wuwamap.PinSnapshot.$Shape} PinSnapshot
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): wuwamap.PinSnapshot & wuwamap.PinSnapshot.$Shape;

        /**
         * Gets the type url for PinSnapshot
         * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
         * @returns The type url
         */
        static getTypeUrl(prefix?: string): string;
    }

    namespace PinSnapshot {

        /** Properties of a PinSnapshot. */
        interface $Properties {

            /** PinSnapshot region */
            region?: (number|null);

            /** PinSnapshot version */
            version?: (number|null);

            /** PinSnapshot blocks */
            blocks?: (wuwamap.PinColumns.$Properties[]|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a PinSnapshot. */
        type $Shape = wuwamap.PinSnapshot.$Properties;
    }
}
