// Imported first by the server entry: React and others pick their production builds from NODE_ENV at load time.
process.env.NODE_ENV ??= 'production';
