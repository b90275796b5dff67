// Made by `npm run openapi` from docs/openapi.json (openapi-typescript). Do not edit.
export interface paths {
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document (OpenAPI 3.1)
         * @description Who may call: Anyone, logged in or not.
         */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is logged in (the session or the token’s user)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getAuth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in: a session cookie
         * @description Who may call: Anyone, logged in or not.
         */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up as a client (logged in at once)
         * @description Who may call: Anyone, logged in or not.
         */
        post: operations["postAuthSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Log out (as the original client calls it)
         * @description Who may call: Anyone, logged in or not.
         */
        get: operations["getAuthLogout"];
        put?: never;
        /**
         * Log out (the session ends)
         * @description Who may call: Anyone, logged in or not.
         */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link (the same answer whether or not the address has an account)
         * @description Who may call: Anyone, logged in or not.
         */
        post: operations["postAuthForgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password from a reset link (revoke_tokens: end every API token too)
         * @description Who may call: Anyone, logged in or not.
         */
        post: operations["postAuthResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your profile
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getUsersMe"];
        /**
         * Change your profile
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        put: operations["putUsersMe"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change your password (every other session ends; revoke_tokens: every API token too)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        put: operations["putUsersMePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your API tokens (never the tokens themselves)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getTokens"];
        put?: never;
        /**
         * Make an API token: send it as "Authorization: Bearer <token>"
         * @description The token is in this answer only: the hotel keeps its hash. At most 20 per person.
         *
         *     Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        post: operations["postTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of your API tokens
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        delete: operations["deleteTokensId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/real": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every user
         * @description Who may call: The Owner and Managers.
         */
        get: operations["getUsersReal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The staff
         * @description Who may call: Staff: Employees, Managers and the Owner.
         */
        get: operations["getUsersStaff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One user (yourself; staff anyone)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getUsersId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a client’s account (a walk-in): they are mailed a link to choose a password
         * @description Who may call: The Owner and Managers.
         */
        post: operations["postUsersClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a staff member by mail
         * @description Who may call: The Owner and Managers.
         */
        post: operations["postUsersInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/position": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a staff member between Employee and Manager (the Owner)
         * @description Who may call: The Owner and Managers.
         */
        put: operations["putUsersIdPosition"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Deactivate or reactivate an account (its sessions and tokens stop working)
         * @description Who may call: The Owner and Managers.
         */
        put: operations["putUsersIdActive"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every pet (paged on request)
         * @description Who may call: Staff: Employees, Managers and the Owner.
         */
        get: operations["getPets"];
        put?: never;
        /**
         * Add a pet (multipart, with its photos)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        post: operations["postPets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pets/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your pets
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getPetsUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One pet (its owner and staff)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getPetsId"];
        /**
         * Change a pet (JSON, or multipart with new photos)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        put: operations["putPetsId"];
        post?: never;
        /**
         * Delete a pet
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        delete: operations["deletePetsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pets/{petId}/images/{imageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one of a pet’s photos
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        delete: operations["deletePetsPetIdImagesImageId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pets/{id}/vaccinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A pet’s vaccination records (its owner and staff)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getPetsIdVaccinations"];
        put?: never;
        /**
         * Add a vaccination record (JSON, or multipart with a certificate photo)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        post: operations["postPetsIdVaccinations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pets/{id}/vaccinations/{vaccinationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a vaccination record (staff may set verified)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        put: operations["putPetsIdVaccinationsVaccinationId"];
        post?: never;
        /**
         * Delete a vaccination record
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        delete: operations["deletePetsIdVaccinationsVaccinationId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pets/{id}/vaccinations/{vaccinationId}/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The certificate photo of a record
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getPetsIdVaccinationsVaccinationIdCertificate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every booking in id order (paged on request)
         * @description Who may call: The Owner and Managers.
         */
        get: operations["getBookings"];
        put?: never;
        /**
         * Book a stay (its client; the Owner and Managers for anyone)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        post: operations["postBookings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your bookings
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getBookingsUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/pet/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A pet’s current booking (null when none)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getBookingsPetPetId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/date/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every booking covering a date (a bare array)
         * @description Who may call: Staff: Employees, Managers and the Owner.
         */
        get: operations["getBookingsDateDate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One booking (the booking itself)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getBookingsId"];
        /**
         * Change a booking (re-priced; a stay under way: by the Owner and Managers)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        put: operations["putBookingsId"];
        post?: never;
        /**
         * Cancel a booking (its nights go to the waitlist)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        delete: operations["deleteBookingsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{id}/check-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a pet in (409 while a required vaccine is missing)
         * @description Who may call: Staff: Employees, Managers and the Owner.
         */
        post: operations["postBookingsIdCheckIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{id}/check-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a pet out (early: the nights not used are freed)
         * @description Who may call: Staff: Employees, Managers and the Owner.
         */
        post: operations["postBookingsIdCheckOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{id}/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a line with a reason to a booking’s price
         * @description Who may call: The Owner and Managers.
         */
        post: operations["postBookingsIdAdjustments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{id}/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A stay’s updates, newest first (its client and staff)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getBookingsIdUpdates"];
        put?: never;
        /**
         * Post an update on a stay under way (JSON, or multipart with a photo)
         * @description Who may call: Staff: Employees, Managers and the Owner.
         */
        post: operations["postBookingsIdUpdates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{id}/updates/{updateId}/photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An update’s photo
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getBookingsIdUpdatesUpdateIdPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stays waiting for a place or holding one (yours; staff everyone’s)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getWaitlist"];
        put?: never;
        /**
         * Wait for a place: the body of POST /api/bookings, for a stay refused for a full night
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        post: operations["postWaitlist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/waitlist/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One stay on the waitlist, whatever became of it
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        get: operations["getWaitlistId"];
        put?: never;
        post?: never;
        /**
         * Leave the waitlist (a place held goes to the next)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        delete: operations["deleteWaitlistId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/waitlist/{id}/take": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Book the stay in the place held for it (409 once the hold lapsed)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        post: operations["postWaitlistIdTake"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The services offered
         * @description Who may call: Anyone, logged in or not.
         */
        get: operations["getServices"];
        put?: never;
        /**
         * Add a service
         * @description Who may call: The Owner and Managers.
         */
        post: operations["postServices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One service
         * @description Who may call: Anyone, logged in or not.
         */
        get: operations["getServicesId"];
        /**
         * Change a service
         * @description Who may call: The Owner and Managers.
         */
        put: operations["putServicesId"];
        post?: never;
        /**
         * Withdraw a service
         * @description Who may call: The Owner and Managers.
         */
        delete: operations["deleteServicesId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every review, newest first (paged on request)
         * @description Who may call: Anyone, logged in or not.
         */
        get: operations["getReviews"];
        put?: never;
        /**
         * Review the hotel
         * @description Who may call: Clients.
         */
        post: operations["postReviews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reviews/ordered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The best reviews first
         * @description Who may call: Anyone, logged in or not.
         */
        get: operations["getReviewsOrdered"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reviews/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One review
         * @description Who may call: Anyone, logged in or not.
         */
        get: operations["getReviewsId"];
        /**
         * Change your review
         * @description Who may call: Clients.
         */
        put: operations["putReviewsId"];
        post?: never;
        /**
         * Delete a review (yours; the Owner and Managers any)
         * @description Who may call: Any logged-in user (a session or an API token); what they see is theirs unless they are staff.
         */
        delete: operations["deleteReviewsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Capacity, daily prices and the vaccines each species needs
         * @description Who may call: The Owner and Managers.
         */
        get: operations["getSettings"];
        /**
         * Change any of the settings (the others keep their values)
         * @description Who may call: The Owner and Managers.
         */
        put: operations["putSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Every refusal: a message a person can read, and the fields at fault
         * @example {
         *       "message": "Create Booking Failed",
         *       "errors": {
         *         "services": "Choose at least one service"
         *       }
         *     }
         */
        Error: {
            message: string;
            /** @description The message of each field at fault */
            errors?: {
                [key: string]: string;
            };
        };
        User: {
            id: number;
            username: string;
            email: string;
            fname: string;
            lname: string;
            phone_num: string;
            address: string;
            city: string;
            state: string;
            zip: string;
            staff: boolean;
            /**
             * @description Staff only
             * @enum {string}
             */
            position?: "Employee" | "Manager" | "Owner";
        };
        /**
         * @example {
         *       "message": "Booking deleted"
         *     }
         */
        Message: {
            message: string;
        };
        ApiToken: {
            id: number;
            name: string;
            read_only: boolean;
            /**
             * @description Hotel wall time, 'YYYY-MM-DD HH:MM:SS'
             * @example 2026-12-01 10:00:00
             */
            created_at: string;
            last_used_at: string | null;
        };
        ManagedUser: {
            id: number;
            username: string;
            email: string;
            fname: string;
            lname: string;
            phone_num: string;
            address: string;
            city: string;
            state: string;
            zip: string;
            staff: boolean;
            /**
             * @description Staff only
             * @enum {string}
             */
            position?: "Employee" | "Manager" | "Owner";
            active: boolean;
        };
        Pet: {
            id: number;
            name: string;
            /** @enum {string} */
            type: "cat" | "dog";
            breed: string;
            age: number;
            /** @enum {string} */
            gender: "male" | "female";
            color: string;
            weight: number;
            dob: string;
            /** @enum {string} */
            size: "a fine boi" | "he chomnk" | "a heckin chonker" | "heftychonk" | "megachonker" | "oh lawd he comin";
            /** @enum {string} */
            behavior: "calm" | "playful" | "aggressive" | "shy";
            medication_note: string;
            dietary_note: string;
            vet_name: string;
            vet_phone: string;
            emergency_contact_name: string;
            emergency_contact_phone: string;
            owner_id: number;
            preview_image: string | null;
            preview_thumbnail: string | null;
            pet_images: {
                id: number;
                url: string;
                thumbnail: string;
            }[];
        };
        Vaccination: {
            id: number;
            pet_id: number;
            vaccine: string;
            /** @example 2026-12-01 */
            given_on: string;
            /** @example 2026-12-01 */
            expires_on: string;
            verified: boolean;
            certificate_url: string | null;
        };
        Booking: {
            id: number;
            client_id: number;
            pet_id: number;
            /** @enum {string} */
            booking_type: "day_care" | "boarding_care";
            /**
             * @description Hotel wall time, 'YYYY-MM-DD HH:MM:SS'
             * @example 2026-12-01 10:00:00
             */
            drop_off_date: string;
            /**
             * @description Hotel wall time, 'YYYY-MM-DD HH:MM:SS'
             * @example 2026-12-01 10:00:00
             */
            pick_up_date: string;
            services: {
                id: number;
                service: string;
                /**
                 * @description US dollars
                 * @example 55
                 */
                price: number;
                staff: {
                    id: number;
                    fname: string;
                    lname: string;
                }[];
            }[];
            /**
             * @description US dollars
             * @example 55
             */
            daily_price: number;
            days: number;
            /**
             * @description US dollars
             * @example 55
             */
            total: number;
            pet: {
                id: number;
                name: string;
                /** @enum {string} */
                type: "cat" | "dog";
            };
            started: boolean;
            /** @enum {string} */
            status: "booked" | "checked_in" | "checked_out" | "cancelled" | "no_show";
            checked_in_at: string | null;
            checked_out_at: string | null;
            cancelled_at: string | null;
            no_show_at: string | null;
            vaccinations_missing: string[];
            adjustments: {
                id: number;
                /**
                 * @description US dollars
                 * @example 55
                 */
                amount: number;
                reason: string;
                by: string | null;
                /**
                 * @description Hotel wall time, 'YYYY-MM-DD HH:MM:SS'
                 * @example 2026-12-01 10:00:00
                 */
                created_at: string;
            }[];
        };
        StayUpdate: {
            id: number;
            booking_id: number;
            note: string;
            ate_well: boolean;
            played: boolean;
            medication_given: boolean;
            photo_url: string | null;
            author: string | null;
            /**
             * @description Hotel wall time, 'YYYY-MM-DD HH:MM:SS'
             * @example 2026-12-01 10:00:00
             */
            created_at: string;
        };
        WaitlistEntry: {
            id: number;
            client_id: number;
            pet_id: number;
            pet: {
                id: number;
                name: string;
                /** @enum {string} */
                type: "cat" | "dog";
            };
            client_name: string;
            /** @enum {string} */
            booking_type: "day_care" | "boarding_care";
            /**
             * @description Hotel wall time, 'YYYY-MM-DD HH:MM:SS'
             * @example 2026-12-01 10:00:00
             */
            drop_off_date: string;
            /**
             * @description Hotel wall time, 'YYYY-MM-DD HH:MM:SS'
             * @example 2026-12-01 10:00:00
             */
            pick_up_date: string;
            services: {
                id: number;
                service: string;
            }[];
            /** @enum {string} */
            status: "waiting" | "offered" | "booked" | "left" | "lapsed" | "expired";
            /** @description Until when the place offered is held */
            hold_until: string | null;
            booking_id: number | null;
            /**
             * @description Hotel wall time, 'YYYY-MM-DD HH:MM:SS'
             * @example 2026-12-01 10:00:00
             */
            created_at: string;
        };
        Service: {
            id: number;
            service: string;
            /**
             * @description US dollars
             * @example 55
             */
            price: number;
            staff: {
                id: number;
                fname: string;
                lname: string;
            }[];
            /** @enum {string} */
            species: "both" | "dog" | "cat";
            description: string;
        };
        Review: {
            id: number;
            review: string;
            paws: number;
            client_id: number | null;
            client_username: string;
            created_at: string;
            updated_at: string;
        };
        Settings: {
            dog_kennels: number;
            cat_condos: number;
            day_care_places: number;
            /**
             * @description US dollars
             * @example 55
             */
            day_care_daily_price: number;
            /**
             * @description US dollars
             * @example 55
             */
            boarding_daily_price: number;
            required_vaccines_dog: string[];
            required_vaccines_cat: string[];
            vaccinations_required_to_book: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "demo-client@example.com",
                 *       "password": "password"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Logged in; Set-Cookie carries the session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    /** Format: email */
                    email: string;
                    password: string;
                    fname: string;
                    lname: string;
                    phone_num: string;
                    address: string;
                    city: string;
                    state: string;
                    zip: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                    confirm_password: string;
                    revoke_tokens?: boolean;
                };
            };
        };
        responses: {
            /** @description Logged in with the new password */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsersMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putUsersMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    fname: string;
                    lname: string;
                    phone_num: string;
                    address: string;
                    city: string;
                    state: string;
                    zip: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putUsersMePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    password: string;
                    confirm_password: string;
                    revoke_tokens?: boolean;
                };
            };
        };
        responses: {
            /** @description Password changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tokens: components["schemas"]["ApiToken"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Accounting export",
                 *       "read_only": true
                 *     }
                 */
                "application/json": {
                    name: string;
                    read_only?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        api_token: components["schemas"]["ApiToken"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTokensId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsersReal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["User"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsersStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        staff: components["schemas"]["User"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postUsersClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fname: string;
                    lname: string;
                    /** Format: email */
                    email: string;
                    phone_num: string;
                    address: string;
                    city: string;
                    state: string;
                    zip: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postUsersInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fname: string;
                    lname: string;
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    position: "Employee" | "Manager";
                };
            };
        };
        responses: {
            /** @description Invitation sent */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putUsersIdPosition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    position: "Employee" | "Manager";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManagedUser"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putUsersIdActive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManagedUser"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPets: {
        parameters: {
            query?: {
                /** @description A page of the list (from 1); without page and limit, the whole list. The Link header names the others. */
                page?: number;
                /** @description Items per page, 1–200 (50 when only page is given). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Pets: components["schemas"]["Pet"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "cat" | "dog";
                    breed: string;
                    age: number;
                    /** @enum {string} */
                    gender: "male" | "female";
                    color: string;
                    weight: number;
                    /** @enum {string} */
                    size: "a fine boi" | "he chomnk" | "a heckin chonker" | "heftychonk" | "megachonker" | "oh lawd he comin";
                    /** @enum {string} */
                    behavior: "calm" | "playful" | "aggressive" | "shy";
                    medication_note: string;
                    dietary_note: string;
                    vet_name?: string;
                    vet_phone?: string;
                    emergency_contact_name?: string;
                    emergency_contact_phone?: string;
                    owner_id?: number;
                    dob: string;
                    preview_image: unknown;
                    additional_images: unknown[];
                };
                "multipart/form-data": {
                    name: string;
                    /** @enum {string} */
                    type: "cat" | "dog";
                    breed: string;
                    age: number;
                    /** @enum {string} */
                    gender: "male" | "female";
                    color: string;
                    weight: number;
                    /** @enum {string} */
                    size: "a fine boi" | "he chomnk" | "a heckin chonker" | "heftychonk" | "megachonker" | "oh lawd he comin";
                    /** @enum {string} */
                    behavior: "calm" | "playful" | "aggressive" | "shy";
                    medication_note: string;
                    dietary_note: string;
                    vet_name?: string;
                    vet_phone?: string;
                    emergency_contact_name?: string;
                    emergency_contact_phone?: string;
                    owner_id?: number;
                    dob: string;
                    preview_image: unknown;
                    additional_images: unknown[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPetsUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Pets: components["schemas"]["Pet"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPetsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putPetsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "cat" | "dog";
                    breed: string;
                    age: number;
                    /** @enum {string} */
                    gender: "male" | "female";
                    color: string;
                    weight: number;
                    /** @enum {string} */
                    size: "a fine boi" | "he chomnk" | "a heckin chonker" | "heftychonk" | "megachonker" | "oh lawd he comin";
                    /** @enum {string} */
                    behavior: "calm" | "playful" | "aggressive" | "shy";
                    medication_note: string;
                    dietary_note: string;
                    vet_name?: string;
                    vet_phone?: string;
                    emergency_contact_name?: string;
                    emergency_contact_phone?: string;
                    owner_id?: number;
                    dob: string;
                    preview_image?: unknown;
                    additional_images: unknown[];
                };
                "multipart/form-data": {
                    name: string;
                    /** @enum {string} */
                    type: "cat" | "dog";
                    breed: string;
                    age: number;
                    /** @enum {string} */
                    gender: "male" | "female";
                    color: string;
                    weight: number;
                    /** @enum {string} */
                    size: "a fine boi" | "he chomnk" | "a heckin chonker" | "heftychonk" | "megachonker" | "oh lawd he comin";
                    /** @enum {string} */
                    behavior: "calm" | "playful" | "aggressive" | "shy";
                    medication_note: string;
                    dietary_note: string;
                    vet_name?: string;
                    vet_phone?: string;
                    emergency_contact_name?: string;
                    emergency_contact_phone?: string;
                    owner_id?: number;
                    dob: string;
                    preview_image?: unknown;
                    additional_images: unknown[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePetsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pet deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePetsPetIdImagesImageId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                petId: number;
                imageId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Image deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPetsIdVaccinations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        vaccinations: components["schemas"]["Vaccination"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPetsIdVaccinations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "vaccine": "Rabies",
                 *       "given_on": "2026-01-05",
                 *       "expires_on": "2029-01-05"
                 *     }
                 */
                "application/json": {
                    vaccine: string;
                    given_on: string;
                    expires_on: string;
                    certificate?: unknown;
                    verified?: boolean;
                };
                "multipart/form-data": {
                    vaccine: string;
                    given_on: string;
                    expires_on: string;
                    certificate?: unknown;
                    verified?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        vaccination: components["schemas"]["Vaccination"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putPetsIdVaccinationsVaccinationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                vaccinationId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    vaccine: string;
                    given_on: string;
                    expires_on: string;
                    certificate?: unknown;
                    verified?: boolean;
                };
                "multipart/form-data": {
                    vaccine: string;
                    given_on: string;
                    expires_on: string;
                    certificate?: unknown;
                    verified?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        vaccination: components["schemas"]["Vaccination"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePetsIdVaccinationsVaccinationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                vaccinationId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Vaccination deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPetsIdVaccinationsVaccinationIdCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                vaccinationId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate (image/webp), private: its owner and staff only */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookings: {
        parameters: {
            query?: {
                /** @description A page of the list (from 1); without page and limit, the whole list. The Link header names the others. */
                page?: number;
                /** @description Items per page, 1–200 (50 when only page is given). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bookings: components["schemas"]["Booking"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postBookings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_id": 12,
                 *       "pet_id": 34,
                 *       "booking_type": "boarding_care",
                 *       "drop_off_date": "2026-12-01 10:00:00",
                 *       "pick_up_date": "2026-12-04 10:00:00",
                 *       "services": [
                 *         1,
                 *         3
                 *       ]
                 *     }
                 */
                "application/json": {
                    id?: unknown;
                    client_id: number;
                    pet_id: number;
                    /** @enum {string} */
                    booking_type: "day_care" | "boarding_care";
                    drop_off_date: string;
                    pick_up_date: string;
                    services: number[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["Booking"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookingsUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bookings: components["schemas"]["Booking"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookingsPetPetId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                petId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["Booking"] | null;
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookingsDateDate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"][];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookingsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putBookingsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: unknown;
                    client_id: number;
                    pet_id: number;
                    /** @enum {string} */
                    booking_type: "day_care" | "boarding_care";
                    drop_off_date: string;
                    pick_up_date: string;
                    services: number[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["Booking"];
                        repriced: boolean;
                        previous_total: number;
                        message: string;
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBookingsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Booking deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postBookingsIdCheckIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["Booking"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postBookingsIdCheckOut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["Booking"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postBookingsIdAdjustments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": -40,
                 *       "reason": "Went home a day early"
                 *     }
                 */
                "application/json": {
                    amount: unknown;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["Booking"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookingsIdUpdates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        updates: components["schemas"]["StayUpdate"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postBookingsIdUpdates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    note?: string;
                    ate_well?: boolean;
                    played?: boolean;
                    medication_given?: boolean;
                    photo?: unknown;
                };
                "multipart/form-data": {
                    /** @default  */
                    note?: string;
                    ate_well?: boolean;
                    played?: boolean;
                    medication_given?: boolean;
                    photo?: unknown;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        update: components["schemas"]["StayUpdate"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookingsIdUpdatesUpdateIdPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                updateId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The photo (image/webp), private: its owner and staff only */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWaitlist: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD: only the stays that would be at the hotel that day */
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        waitlist: components["schemas"]["WaitlistEntry"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postWaitlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: unknown;
                    client_id: number;
                    pet_id: number;
                    /** @enum {string} */
                    booking_type: "day_care" | "boarding_care";
                    drop_off_date: string;
                    pick_up_date: string;
                    services: number[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entry: components["schemas"]["WaitlistEntry"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWaitlistId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entry: components["schemas"]["WaitlistEntry"];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWaitlistId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Left the waitlist */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postWaitlistIdTake: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        booking: components["schemas"]["Booking"];
                    };
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getServices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        services: components["schemas"]["Service"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postServices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    service: string;
                    price?: unknown;
                    staff?: unknown[];
                    /** @enum {string} */
                    species?: "both" | "dog" | "cat";
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getServicesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putServicesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    service: string;
                    price?: unknown;
                    staff?: unknown[];
                    /** @enum {string} */
                    species?: "both" | "dog" | "cat";
                    description?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteServicesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Service deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReviews: {
        parameters: {
            query?: {
                /** @description A page of the list (from 1); without page and limit, the whole list. The Link header names the others. */
                page?: number;
                /** @description Items per page, 1–200 (50 when only page is given). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reviews: components["schemas"]["Review"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postReviews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "review": "Lovely stay",
                 *       "paws": 5
                 *     }
                 */
                "application/json": {
                    review: string;
                    paws: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReviewsOrdered: {
        parameters: {
            query?: {
                /** @description How many (10 by default) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reviews: components["schemas"]["Review"][];
                    };
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReviewsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putReviewsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    review: string;
                    paws: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteReviewsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Review deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            /** @description Not modified: the ETag sent in If-None-Match still holds */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "dog_kennels": 22
                 *     }
                 */
                "application/json": {
                    dog_kennels?: number;
                    cat_condos?: number;
                    day_care_places?: number;
                    day_care_daily_price?: string | number;
                    boarding_daily_price?: string | number;
                    required_vaccines_dog?: string[];
                    required_vaccines_cat?: string[];
                    vaccinations_required_to_book?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            /** @description Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
